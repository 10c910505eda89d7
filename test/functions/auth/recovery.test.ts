import { issueLocalToken } from '@functions/lib/human-verification';
import { recoverPassword, RECOVERY_LIMIT_PER_ADDRESS, RECOVERY_LIMIT_PER_SOURCE } from '@functions/services/sessions';
import type { ChangePasswordResult, SignInResult } from '@shared/api/session';
import { TEST_PASSWORD, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { totpCode } from '@infra/local/totp';
import { human, isAlive, mailCount, mailedPassword, messageOf, newUser, signedIn, signInCall, turnOnTotp } from './helpers';

useTestTable();
useTestUserPool();
const api = useApi();

const requestRecovery = (Email: string) => api.call('POST', '/forgetPass', { body: { Email, reCaptchaToken: human() } });

describe('password recovery (POST /forgetPass, then the mailed password at /signin)', () => {
  it("mails a password with the spec's success, and the current password keeps working until it is used", async () => {
    const { email } = await newUser('Doctor');
    const response = await requestRecovery(email);
    expect(response).toMatchObject({ status: 200, body: { sent: true } });
    expect(mailCount(email)).toBe(1);
    const current = await signInCall(api, email, TEST_PASSWORD);
    expect(current.body).toMatchObject({ status: 'pass', updatePassword: false });
  });

  it('the mailed password leads to /create-password once; then the old one and the mailed one are both spent', async () => {
    const { user, email } = await newUser('Nurse');
    await requestRecovery(email);
    const mailed = mailedPassword(email);
    const pending = (await signInCall(api, email, mailed)).body as SignInResult;
    expect(pending).toMatchObject({ status: 'pass', updatePassword: true, profile: { UserID: user.UserID } });
    const changed = await api.call('POST', `/users/${user.UserID}/changePass`, { token: pending.token, body: { newPassword: 'Better!pass2' } });
    expect(changed.body).toMatchObject({ nModified: 1, status: 'pass' });
    expect(await isAlive(api, user.UserID, (changed.body as ChangePasswordResult).token)).toBe(true);

    const again = await signInCall(api, email, mailed);
    expect(again.status).toBe(401);
    expect(messageOf(again.body)).toEqual(['Wrong User name or password']);
    expect((await signInCall(api, email, TEST_PASSWORD)).status).toBe(401);
    expect((await signInCall(api, email, 'Better!pass2')).status).toBe(200);
  });

  it('with TOTP on, the mailed password and a new password still lead to the 2FA code, not a session', async () => {
    const { user, email } = await newUser('Doctor');
    const secret = await turnOnTotp(api, user.UserID, (await signedIn(api, email)).token);
    await requestRecovery(email);
    const pending = (await signInCall(api, email, mailedPassword(email))).body as SignInResult;
    expect(pending).toMatchObject({ status: 'pass', updatePassword: true });
    const changed = await api.call('POST', `/users/${user.UserID}/changePass`, { token: pending.token, body: { newPassword: 'Better!pass2' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ nModified: 1, status: '2fa' });
    expect(changed.body).not.toHaveProperty('refreshToken');
    const twoFactor = await api.call('POST', '/signin/2fa', { token: (changed.body as SignInResult).token, body: { TwoFaCode: totpCode(secret) } });
    expect(twoFactor.body).toMatchObject({ status: 'pass', updatePassword: false, profile: { UserID: user.UserID } });
    expect((await signInCall(api, email, 'Better!pass2')).body).toMatchObject({ status: '2fa' });
  });

  it('the mailed password expires after an hour, and the current password still works then', async () => {
    const { email } = await newUser('Doctor');
    await requestRecovery(email);
    const mailed = mailedPassword(email);
    const later = Date.now() + 61 * 60 * 1000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const body = (Password: string) => ({ Email: email, Password, reCaptchaToken: issueLocalToken(process.env.LOCAL_VERIFIER_SECRET!, later) });
      expect((await api.call('POST', '/signin', { body: body(mailed) })).status).toBe(401);
      expect((await api.call('POST', '/signin', { body: body(TEST_PASSWORD) })).status).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });

  it('only the newest mailed password works', async () => {
    const { email } = await newUser('Doctor');
    await requestRecovery(email);
    const first = mailedPassword(email);
    await new Promise((resolve) => setTimeout(resolve, 5)); // the outbox names mails by time
    await requestRecovery(email);
    const second = mailedPassword(email);
    expect(second).not.toBe(first);
    expect((await signInCall(api, email, first)).status).toBe(401);
    expect((await signInCall(api, email, second)).body).toMatchObject({ updatePassword: true });
  });

  it(`answers more than ${RECOVERY_LIMIT_PER_ADDRESS} requests an hour for one address with 429, mailing nothing more`, async () => {
    const { email } = await newUser('Doctor');
    for (let i = 0; i < RECOVERY_LIMIT_PER_ADDRESS; i++) {
      await expect(recoverPassword(email, { source: `192.0.2.${i + 1}` })).resolves.toEqual({ sent: true });
    }
    await expect(recoverPassword(email, { source: '192.0.2.99' })).rejects.toMatchObject({
      statusCode: 429,
      message: 'Too many recovery requests, please try again later',
    });
    expect(mailCount(email)).toBe(RECOVERY_LIMIT_PER_ADDRESS);
    expect((await signInCall(api, email, TEST_PASSWORD)).status).toBe(200);
  });

  it(`answers more than ${RECOVERY_LIMIT_PER_SOURCE} requests an hour from one source with 429, whatever the address`, async () => {
    const source = '198.51.100.7';
    for (let i = 0; i < RECOVERY_LIMIT_PER_SOURCE; i++) {
      await expect(recoverPassword(`nobody-${i}@test.example`, { source })).rejects.toMatchObject({ statusCode: 404 });
    }
    const { email } = await newUser('Doctor');
    await expect(recoverPassword(email, { source })).rejects.toMatchObject({ statusCode: 429 });
    expect(mailCount(email)).toBe(0);
    await expect(recoverPassword(email, { source: '198.51.100.8' })).resolves.toEqual({ sent: true });
  });

  it('answers a disabled or unknown account with the spec’s failure text', async () => {
    const response = await requestRecovery('nobody@test.example');
    expect(response.status).toBe(404);
    expect(messageOf(response.body)).toEqual(['The email account that you tried to reach does not exist, please retry']);
  });
});
