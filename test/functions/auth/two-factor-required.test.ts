import type { SignedIn } from '@shared/api/session';
import { TEST_PASSWORD, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { messageOf, newUser, signedIn, signInCall, turnOnTotp } from './helpers';

useTestTable();
useTestUserPool();
const api = useApi();

const settings = (token: string) => api.call('GET', '/general/d_update', { token });

describe('two-factor sign-in is required for LiberDiAdmin and ServiceProviderAdmin', () => {
  it.each(['LiberDiAdmin', 'ServiceProviderAdmin'] as const)(
    '%s without TOTP: the sign-in says to set it up, and nothing but the set-up answers until it is on',
    async (role) => {
      const { user, email } = await newUser(role);
      const session = await signedIn(api, email);
      expect(session).toMatchObject({ status: 'pass', updatePassword: false, totpSetupRequired: true, profile: { Role: role, TwoFactorEnabled: false } });

      const refused = await settings(session.token);
      expect(refused.status).toBe(403);
      expect(messageOf(refused.body)).toEqual(['Two-factor authentication must be set up before using the portal']);
      expect((await api.call('GET', `/users/${user.UserID}/session`, { token: session.token })).status).toBe(200);

      await turnOnTotp(api, user.UserID, session.token);
      expect((await settings(session.token)).status).toBe(200);
      expect((await signInCall(api, email, TEST_PASSWORD)).body).toMatchObject({ status: '2fa' });
    },
  );

  it('other roles keep the choice: a Doctor without TOTP signs in and is served', async () => {
    const { email } = await newUser('Doctor');
    const session = (await signInCall(api, email, TEST_PASSWORD)).body as SignedIn;
    expect(session.status).toBe('pass');
    expect(session.totpSetupRequired).toBeUndefined();
    expect((await settings(session.token)).status).toBe(200);
  });

  it('a ClinicAdmin is not required to use it either', async () => {
    const { email } = await newUser('ClinicAdmin');
    const session = await signedIn(api, email);
    expect(session.totpSetupRequired).toBeUndefined();
    expect((await settings(session.token)).status).toBe(200);
  });
});
