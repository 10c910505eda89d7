import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { usersRepository } from '@functions/data/users-repository';
import { dynamo } from '@functions/lib/aws-clients';
import { HUMAN_PROOF_KEY, humanProof } from '@functions/lib/human-proof';
import { setClinicUsersEnabled } from '@functions/services/clinics';
import { createUser, setUserEnabled } from '@functions/services/users';
import { routes } from '@shared/api/routes';
import type { SessionTokens } from '@shared/api/session';
import * as messages from '@shared/messages';
import { TEST_PASSWORD, signedInUser, useApi } from '@test/support/api';
import { createTestClinic, createTestProvider } from '@test/support/devices';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { messageOf, signedIn, signInCall } from './helpers';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * The app client is public (a browser app) and allows USER_PASSWORD_AUTH, so anyone with a
 * password can call Cognito's InitiateAuth themselves instead of the portal's /signin. These
 * attacks do exactly that, with the SDK against the local Cognito (the one the handlers use), and
 * each must meet the same rules as /signin: Cognito's triggers (functions/cognito/) refuse.
 */
const cognito = new CognitoIdentityProviderClient({});
afterAll(() => cognito.destroy());

const passwordAuth = (email: string, clientMetadata?: Record<string, string>) =>
  cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: process.env.USER_POOL_CLIENT_ID!,
      AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
      ClientMetadata: clientMetadata,
    }),
  );
const refreshAuth = (refreshToken: string) =>
  cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: process.env.USER_POOL_CLIENT_ID!, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
  );
/** What only the portal's sign-in Lambda can send: an attack that had it would still meet the rules. */
const portalProof = async (email: string) => ({ [HUMAN_PROOF_KEY]: await humanProof(email) });

/** Cognito's answer when a trigger refuses: no tokens, the trigger's text in the message. */
const refusedBy = (text: string) => expect.objectContaining({ name: 'UserLambdaValidationException', message: expect.stringContaining(text) });

/** A doctor of a clinic of a provider, with the test password. */
async function doctorOfProvider() {
  const provider = await createTestProvider();
  const clinic = await createTestClinic(provider.ServiceProviderID);
  const email = `doctor-${randomUUID().slice(0, 8)}@test.example`;
  const user = await createUser(
    { FirstName: 'Dana', LastName: 'Doctor', Email: email, Role: 'Doctor', ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID },
    { password: TEST_PASSWORD },
  );
  return { user, email, provider, clinic };
}

async function disableProvider(serviceProviderId: string): Promise<void> {
  const { user, token } = await signedInUser('LiberDiAdmin');
  const path = routes.updateServiceProviderProfile.path.replace('{adminId}', user.UserID).replace('{id}', serviceProviderId);
  const answer = await api.call('POST', path, { token, body: { ServiceProviderIsEnabled: false } });
  expect(answer.status).toBe(200);
}

describe('a direct InitiateAuth at Cognito', () => {
  it('gives a user of a disabled provider no tokens, with or without the portal proof; /signin refuses too', async () => {
    const { email, provider } = await doctorOfProvider();
    await disableProvider(provider.ServiceProviderID);
    await expect(passwordAuth(email)).rejects.toEqual(refusedBy(messages.session.authenticationError));
    await expect(passwordAuth(email, await portalProof(email))).rejects.toEqual(refusedBy(messages.session.userDisabled));
    const portal = await signInCall(api, email, TEST_PASSWORD);
    expect(portal.status).toBe(403);
    expect(messageOf(portal.body)).toEqual([messages.session.userDisabled]);
  });

  it('gives a disabled user no tokens', async () => {
    const { user, email } = await doctorOfProvider();
    await setUserEnabled(user.UserID, false);
    await expect(passwordAuth(email)).rejects.toEqual(refusedBy(messages.session.authenticationError));
    await expect(passwordAuth(email, await portalProof(email))).rejects.toEqual(refusedBy(messages.session.userDisabled));
    expect(messageOf((await signInCall(api, email, TEST_PASSWORD)).body)).toEqual([messages.session.userDisabled]);
  });

  it('gives a user of a disabled clinic no tokens', async () => {
    const { email, clinic } = await doctorOfProvider();
    await setClinicUsersEnabled(clinic.ClinicID, false);
    await expect(passwordAuth(email)).rejects.toEqual(refusedBy(messages.session.authenticationError));
    await expect(passwordAuth(email, await portalProof(email))).rejects.toEqual(refusedBy(messages.session.userDisabled));
    expect(messageOf((await signInCall(api, email, TEST_PASSWORD)).body)).toEqual([messages.session.userDisabled]);
  });

  it('gives an enabled user no tokens without the portal proof (the human check and the waits are not skipped); /signin still signs in', async () => {
    const { user, email } = await doctorOfProvider();
    await expect(passwordAuth(email)).rejects.toEqual(refusedBy(messages.session.authenticationError));
    // A proof of another user, or one that expired, is no proof.
    await expect(passwordAuth(email, await portalProof('someone.else@test.example'))).rejects.toEqual(refusedBy(messages.session.authenticationError));
    await expect(passwordAuth(email, { [HUMAN_PROOF_KEY]: await humanProof(email, Date.now() - 120_000) })).rejects.toEqual(
      refusedBy(messages.session.authenticationError),
    );
    const session = await signedIn(api, email);
    expect((await api.call('GET', `/users/${user.UserID}/session`, { token: session.token })).status).toBe(200);
    expect((await api.call('POST', '/signin/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(200);
  });

  it('refreshes no tokens (REFRESH_TOKEN_AUTH) once the provider is disabled', async () => {
    const { email, provider } = await doctorOfProvider();
    const session = await signedIn(api, email);
    expect((await refreshAuth(session.refreshToken)).AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    await disableProvider(provider.ServiceProviderID);
    await expect(refreshAuth(session.refreshToken)).rejects.toEqual(refusedBy(messages.session.userDisabled));
    expect((await api.call('POST', '/signin/refresh', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
  });
});

describe('a session of a user whose provider is disabled', () => {
  it('is refused on each call from the mark on the user record, even if ending its sessions were missed', async () => {
    const { user, email, provider } = await doctorOfProvider();
    const session = await signedIn(api, email);
    const call = () => api.call('GET', `/users/${user.UserID}/session`, { token: session.token });
    expect((await call()).status).toBe(200);

    // Disabling the provider marks its users; here only the mark is written, as the service writes
    // it: no session cut-off, and the provider itself still reads enabled.
    await dynamo().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME!,
        Key: { pk: `USER#${user.UserID}`, sk: 'PROFILE' },
        UpdateExpression: 'SET ProviderDisabled = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    const refused = await call();
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toEqual([messages.session.userDisabled]);

    // And the real disable writes that mark (and enabling clears it).
    await usersRepository.setProviderDisabled(user.UserID, false);
    expect((await call()).status).toBe(200);
    await disableProvider(provider.ServiceProviderID);
    expect((await usersRepository.get(user.UserID))?.ProviderDisabled).toBe(true);
  });

  it('keeps the refreshed session of an enabled provider going (the triggers pass what /signin passes)', async () => {
    const { user, email } = await doctorOfProvider();
    const session = await signedIn(api, email);
    const refreshed = await api.call('POST', '/signin/refresh', { body: { refreshToken: session.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await api.call('GET', `/users/${user.UserID}/session`, { token: (refreshed.body as SessionTokens).token })).status).toBe(200);
  });
});
