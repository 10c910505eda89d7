import { CognitoIdentityProviderClient, InitiateAuthCommand, SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { setTimeout as sleep } from 'node:timers/promises';
import { auditRepository } from '@functions/data/audit-repository';
import { sessionsRepository } from '@functions/data/sessions-repository';
import { totpCode } from '@infra/local/totp';
import type { SignedIn } from '@shared/api/session';
import { signedInUser, TEST_PASSWORD, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { messageOf, newUser, signedIn, signInCall, turnOnTotp } from './helpers';
import { HUMAN_PROOF_KEY, humanProof } from '@functions/lib/human-proof';

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

      await turnOnTotp(api, user.UserID, session.token, session.refreshToken);
      expect((await settings(session.token)).status).toBe(200);
      // The session's refreshes came through the set-up's code too: the refreshed token is served.
      const refreshed = await api.call('POST', '/signin/refresh', { body: { refreshToken: session.refreshToken } });
      expect(refreshed.status).toBe(200);
      expect((await settings((refreshed.body as { token: string }).token)).status).toBe(200);
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

describe('required two-factor sign-in cannot be switched off at Cognito', () => {
  const cognito = () => new CognitoIdentityProviderClient({});

  /** An administrator with TOTP on, and a session that came through the code as the web signs in. */
  async function adminWithTotp(role: 'LiberDiAdmin' | 'ServiceProviderAdmin') {
    const { user, email } = await newUser(role);
    const first = await signedIn(api, email);
    const secret = await turnOnTotp(api, user.UserID, first.token);
    return { user, email, secret, first };
  }

  async function signInWithCode(email: string, secret: string): Promise<SignedIn> {
    const pending = (await signInCall(api, email, TEST_PASSWORD)).body as { status: string; token: string };
    expect(pending.status).toBe('2fa');
    // The set-up spent this window's code at Cognito: wait for the next one when needed.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await api.call('POST', '/signin/2fa', { token: pending.token, body: { TwoFaCode: totpCode(secret) } });
      if (answer.status === 200) return answer.body as SignedIn;
      await sleep(15_000);
    }
    throw new Error('the code was refused three times');
  }

  it.each(['LiberDiAdmin', 'ServiceProviderAdmin'] as const)(
    '%s: TOTP switched off with the own token, then a direct password sign-in: that token is refused on every call, /signin refuses, records and alarms, and puts TOTP back',
    async (role) => {
      const { user, email, secret, first } = await adminWithTotp(role);
      // The session that set TOTP up is a two-factor session from then on.
      expect((await settings(first.token)).status).toBe(200);

      // The attack: with the user's own access token, turn TOTP off at Cognito, then sign in at Cognito directly.
      const client = cognito();
      await client.send(new SetUserMFAPreferenceCommand({ AccessToken: first.token, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
      const direct = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: process.env.USER_POOL_CLIENT_ID!,
          AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
          // The portal's proof, as if the pre-authentication trigger let it through: the per-call check must hold alone.
          ClientMetadata: { [HUMAN_PROOF_KEY]: await humanProof(email) },
        }),
      );
      const stolen = direct.AuthenticationResult!.AccessToken!;
      expect((await settings(stolen)).status).toBe(401);
      expect((await api.call('GET', `/users/${user.UserID}/session`, { token: stolen })).status).toBe(401);

      // Through the portal: the password alone is refused, and TOTP is on again at Cognito.
      const viaPortal = await signInCall(api, email, TEST_PASSWORD);
      expect(viaPortal.status).toBe(401);
      const again = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: process.env.USER_POOL_CLIENT_ID!,
          AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
          // The portal's proof, as if the pre-authentication trigger let it through: the per-call check must hold alone.
          ClientMetadata: { [HUMAN_PROOF_KEY]: await humanProof(email) },
        }),
      );
      expect(again.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      client.destroy();

      const trail = user.ServiceProviderID
        ? await auditRepository.listByProvider(user.ServiceProviderID, new Date().toISOString().slice(0, 7))
        : await auditRepository.listPlatform(new Date().toISOString().slice(0, 7));
      expect(trail.items.filter((record) => record.Entity === 'TwoFactorTurnedOffOutsidePortal' && record.UserID === user.UserID)).toHaveLength(1);

      // The owner's sign-in with the code still works.
      const proper = await signInWithCode(email, secret);
      expect((await settings(proper.token)).status).toBe(200);
    },
    60_000,
  );

  // cognito-local cannot refresh the tokens of a challenge (its RespondToAuthChallenge keeps no
  // refresh token), so the refresh is shown with a password session whose record says how it began.
  it.each([
    [true, 200],
    [false, 401],
  ])('a refresh of a session that came through the code (%s) is one too: answered %i', async (twoFactor, status) => {
    const { user } = await signedInUser('LiberDiAdmin');
    const client = cognito();
    const direct = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: process.env.USER_POOL_CLIENT_ID!,
        AuthParameters: { USERNAME: user.Email, PASSWORD: TEST_PASSWORD },
        // The portal's proof, as if the pre-authentication trigger let it through: the per-call check must hold alone.
        ClientMetadata: { [HUMAN_PROOF_KEY]: await humanProof(user.Email) },
      }),
    );
    client.destroy();
    const refreshToken = direct.AuthenticationResult!.RefreshToken!;
    await sessionsRepository.recordRefreshToken(refreshToken, user.UserID, Math.floor(Date.now() / 1000) + 3600, twoFactor);
    const refreshed = await api.call('POST', '/signin/refresh', { body: { refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await settings((refreshed.body as { token: string }).token)).status).toBe(status);
  });
});
