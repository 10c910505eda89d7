import { issuePendingToken } from '@functions/services/pending-steps';
import { totpCode } from '@infra/local/totp';
import type { SignInResult } from '@shared/api/session';
import { TEST_PASSWORD, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { human, mailedPassword, messageOf, newUser, signedIn, signInCall, turnOnTotp } from './helpers';

useTestTable();
useTestUserPool();
const api = useApi();

/** The pending token as it was before it was signed: base64url JSON anyone can write. */
const unsignedToken = (claims: object) => Buffer.from(JSON.stringify(claims)).toString('base64url');

/** A user at the create-password step (after a password recovery), with its pending token. */
async function atCreatePassword() {
  const { user, email } = await newUser('Nurse');
  await api.call('POST', '/forgetPass', { body: { Email: email, reCaptchaToken: human() } });
  const pending = (await signInCall(api, email, mailedPassword(email))).body as SignInResult;
  expect(pending).toMatchObject({ status: 'pass', updatePassword: true });
  return { user, email, token: pending.token };
}

const changePass = (userId: string, token: string, newPassword = 'Better!pass2') =>
  api.call('POST', `/users/${userId}/changePass`, { token, body: { newPassword } });

describe('the pending token of the 2FA and create-password steps', () => {
  it('refuses a forged token naming someone else: their password stays and no session is made', async () => {
    const victim = await newUser('ClinicDirector');
    const forged = unsignedToken({ session: 'anything', username: victim.email, userId: victim.user.UserID });
    const response = await changePass(victim.user.UserID, forged, 'Attacker!pass9');
    expect(response.status).toBe(401);
    expect(messageOf(response.body)).toEqual(['authentication error']);
    expect((await signInCall(api, victim.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signInCall(api, victim.email, 'Attacker!pass9')).status).toBe(401);
  });

  it('refuses a forged token that would skip the 2FA code of a user with TOTP on', async () => {
    const victim = await newUser('Doctor');
    const session = await signedIn(api, victim.email);
    await turnOnTotp(api, victim.user.UserID, session.token);
    const forged = unsignedToken({ session: 'anything', username: victim.email, userId: victim.user.UserID });
    expect((await changePass(victim.user.UserID, forged, 'Attacker!pass9')).status).toBe(401);
    expect((await api.call('POST', '/signin/2fa', { token: forged, body: { TwoFaCode: '123456' } })).status).toBe(401);
    expect((await signInCall(api, victim.email, TEST_PASSWORD)).body).toMatchObject({ status: '2fa' });
  });

  it('refuses a signed token whose contents were changed to another user', async () => {
    const mine = await atCreatePassword();
    const victim = await newUser('Doctor');
    const [version, payload, mac] = mine.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = [version, unsignedToken({ ...claims, username: victim.email, userId: victim.user.UserID }), mac].join('.');
    expect((await changePass(victim.user.UserID, tampered, 'Attacker!pass9')).status).toBe(401);
    expect((await signInCall(api, victim.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("is bound to its user: another user's id in the path is refused and the token's owner is unchanged", async () => {
    const mine = await atCreatePassword();
    const other = await newUser('Doctor');
    expect((await changePass(other.user.UserID, mine.token)).status).toBe(403);
    expect((await signInCall(api, other.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('is bound to its step: a create-password token does not answer the 2FA step', async () => {
    const mine = await atCreatePassword();
    expect((await api.call('POST', '/signin/2fa', { token: mine.token, body: { TwoFaCode: '123456' } })).status).toBe(401);
  });

  it('expires: a token older than its lifetime is refused', async () => {
    const { user, email } = await newUser('Doctor');
    const old = await issuePendingToken({ step: 'newPassword', session: 'anything', username: email, userId: user.UserID }, Date.now() - 10 * 60 * 1000);
    const response = await changePass(user.UserID, old);
    expect(response.status).toBe(401);
    expect((await signInCall(api, email, TEST_PASSWORD)).status).toBe(200);
  });

  it('is single use: the token that set a new password cannot set another', async () => {
    const mine = await atCreatePassword();
    expect((await changePass(mine.user.UserID, mine.token, 'Better!pass2')).status).toBe(200);
    const again = await changePass(mine.user.UserID, mine.token, 'Another!pass3');
    expect(again.status).toBe(401);
    expect((await signInCall(api, mine.email, 'Better!pass2')).status).toBe(200);
    expect((await signInCall(api, mine.email, 'Another!pass3')).status).toBe(401);
  });

  it('is single use at the 2FA step: a used token, or one after three wrong codes, opens no session', async () => {
    const { user, email } = await newUser('Doctor');
    const secret = await turnOnTotp(api, user.UserID, (await signedIn(api, email)).token);
    const right = () => totpCode(secret);
    const wrong = () => String((Number(right()) + 1) % 1_000_000).padStart(6, '0');

    const pending = (await signInCall(api, email, TEST_PASSWORD)).body as SignInResult;
    expect((await api.call('POST', '/signin/2fa', { token: pending.token, body: { TwoFaCode: right() } })).status).toBe(200);
    expect((await api.call('POST', '/signin/2fa', { token: pending.token, body: { TwoFaCode: right() } })).status).toBe(401);

    const guessed = (await signInCall(api, email, TEST_PASSWORD)).body as SignInResult;
    for (let i = 0; i < 3; i++) expect((await api.call('POST', '/signin/2fa', { token: guessed.token, body: { TwoFaCode: wrong() } })).status).toBe(400);
    const afterGuesses = await api.call('POST', '/signin/2fa', { token: guessed.token, body: { TwoFaCode: right() } });
    expect(afterGuesses.status).toBe(401);
    expect(messageOf(afterGuesses.body)).toEqual(['authentication error']);
  });
});
