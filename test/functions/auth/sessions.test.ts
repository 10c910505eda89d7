import { endAllSessions } from '@functions/services/end-sessions';
import { setUserEnabled } from '@functions/services/users';
import type { SessionTokens, SignInResult } from '@shared/api/session';
import { TEST_PASSWORD, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { human, isAlive, mailedPassword, newUser, signedIn, signInCall } from './helpers';

useTestTable();
useTestUserPool();
const api = useApi();

const refresh = (refreshToken: string) => api.call('POST', '/signin/refresh', { body: { refreshToken } });

/** Two devices of one user, the first with an access token it got by refresh. */
async function userOnTwoDevices() {
  const { user, email } = await newUser('Doctor');
  const laptop = await signedIn(api, email);
  const phone = await signedIn(api, email);
  const refreshed = await refresh(laptop.refreshToken);
  expect(refreshed.status).toBe(200);
  const laptopRefreshed = (refreshed.body as SessionTokens).token;
  expect(await isAlive(api, user.UserID, laptopRefreshed)).toBe(true);
  return { user, email, laptop, phone, laptopRefreshed };
}

describe('ending every session of a user', () => {
  it('sign-out ends every session: other devices, tokens got by refresh before it, and every refresh token', async () => {
    const { user, laptop, phone, laptopRefreshed } = await userOnTwoDevices();
    const out = await api.call('POST', '/signout', { token: phone.token, body: { refreshToken: phone.refreshToken } });
    expect(out.body).toEqual({ signedOut: true });
    expect(await isAlive(api, user.UserID, phone.token)).toBe(false);
    expect(await isAlive(api, user.UserID, laptop.token)).toBe(false);
    expect(await isAlive(api, user.UserID, laptopRefreshed)).toBe(false);
    expect((await refresh(phone.refreshToken)).status).toBe(401);
    expect((await refresh(laptop.refreshToken)).status).toBe(401);
  });

  it('a sign-out without the refresh token leaves that refresh token dead too', async () => {
    const { user, email } = await newUser('Nurse');
    const session = await signedIn(api, email);
    expect((await api.call('POST', '/signout', { token: session.token, body: {} })).status).toBe(200);
    expect(await isAlive(api, user.UserID, session.token)).toBe(false);
    const refreshed = await refresh(session.refreshToken);
    expect(refreshed.status).toBe(401);
    expect(refreshed.body).toEqual({ message: ['authentication error'] });
  });

  it('signing in again right after a sign-out (the same second) gives a working session', async () => {
    const { user, email } = await newUser('Doctor');
    const first = await signedIn(api, email);
    await api.call('POST', '/signout', { token: first.token, body: { refreshToken: first.refreshToken } });
    const again = await signedIn(api, email);
    expect(await isAlive(api, user.UserID, again.token)).toBe(true);
    expect((await refresh(again.refreshToken)).status).toBe(200);
  });

  it('a recovery request alone ends nothing; using the mailed password ends every session', async () => {
    const { user, email, laptop, laptopRefreshed } = await userOnTwoDevices();
    await api.call('POST', '/forgetPass', { body: { Email: email, reCaptchaToken: human() } });
    expect(await isAlive(api, user.UserID, laptop.token)).toBe(true);

    const pending = (await signInCall(api, email, mailedPassword(email))).body as SignInResult;
    expect(pending).toMatchObject({ status: 'pass', updatePassword: true });
    expect(await isAlive(api, user.UserID, laptop.token)).toBe(false);
    expect(await isAlive(api, user.UserID, laptopRefreshed)).toBe(false);
    expect((await refresh(laptop.refreshToken)).status).toBe(401);
  });

  it('the password change keeps its new session; the earlier password no longer signs in', async () => {
    const { user, email } = await newUser('Nurse');
    await api.call('POST', '/forgetPass', { body: { Email: email, reCaptchaToken: human() } });
    const pending = (await signInCall(api, email, mailedPassword(email))).body as SignInResult;
    const changed = await api.call('POST', `/users/${user.UserID}/changePass`, { token: pending.token, body: { newPassword: 'Better!pass2' } });
    expect(changed.status).toBe(200);
    const session = changed.body as SessionTokens;
    expect(await isAlive(api, user.UserID, session.token)).toBe(true);
    expect((await signInCall(api, email, TEST_PASSWORD)).status).toBe(401);
  });

  it('endAllSessions (disable, role change) ends every token and refresh token; a new sign-in works', async () => {
    const { user, email, laptop, phone, laptopRefreshed } = await userOnTwoDevices();
    await endAllSessions(user.UserID);
    for (const token of [laptop.token, phone.token, laptopRefreshed]) expect(await isAlive(api, user.UserID, token)).toBe(false);
    expect((await refresh(laptop.refreshToken)).status).toBe(401);
    expect((await refresh(phone.refreshToken)).status).toBe(401);
    const again = await signedIn(api, email);
    expect(await isAlive(api, user.UserID, again.token)).toBe(true);
  });

  it('disabling a user ends their sessions: enabled again, the old tokens stay dead', async () => {
    const { user, email, laptop } = await userOnTwoDevices();
    await setUserEnabled(user.UserID, false);
    await setUserEnabled(user.UserID, true);
    expect(await isAlive(api, user.UserID, laptop.token)).toBe(false);
    expect((await refresh(laptop.refreshToken)).status).toBe(401);
    expect(await isAlive(api, user.UserID, (await signedIn(api, email)).token)).toBe(true);
  });

  it("ending one user's sessions leaves other users' sessions alone", async () => {
    const a = await newUser('Doctor');
    const b = await newUser('Doctor');
    const bSession = await signedIn(api, b.email);
    await endAllSessions(a.user.UserID);
    expect(await isAlive(api, b.user.UserID, bSession.token)).toBe(true);
    expect((await refresh(bSession.refreshToken)).status).toBe(200);
  });
});
