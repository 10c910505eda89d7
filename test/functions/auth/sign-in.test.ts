import { issueLocalToken } from '@functions/lib/human-verification';
import { createUser, setUserEnabled } from '@functions/services/users';
import { totpCode } from '@infra/local/totp';
import type { ChangePasswordResult, SignedIn, SignInResult, TotpSetup } from '@shared/api/session';
import { TEST_PASSWORD, signedInUser, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { readOutbox } from './helpers';

useTestTable();
useTestUserPool();
const api = useApi();

const human = () => issueLocalToken(process.env.LOCAL_VERIFIER_SECRET!);
const signIn = (Email: string, Password: string, reCaptchaToken: string | undefined = human()) =>
  api.call('POST', '/signin', { body: { Email, Password, reCaptchaToken } });
const messageOf = (body: unknown) => (body as { message: string[] }).message;

async function demoUser(role: 'Doctor' | 'LiberDiAdmin' | 'Nurse' = 'Doctor', password: string | undefined = TEST_PASSWORD) {
  const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}@test.example`;
  const user = await createUser({ FirstName: 'Dana', LastName: role, Email: email, Role: role }, { password });
  return { user, email };
}

describe('POST /signin', () => {
  it("answers the spec's three human-verification messages and signs nobody in", async () => {
    const { email } = await demoUser();
    expect(messageOf((await signIn(email, TEST_PASSWORD, '')).body)).toEqual(['Blocked By ReCAPTCHA']);
    const old = issueLocalToken(process.env.LOCAL_VERIFIER_SECRET!, Date.now() - 10 * 60 * 1000);
    const expired = await signIn(email, TEST_PASSWORD, old);
    expect(expired.status).toBe(400);
    expect(messageOf(expired.body)).toEqual(['ReCAPTCHA Expired, please refresh the page']);
    const forged = await signIn(email, TEST_PASSWORD, `${Date.now()}.forged`);
    expect(messageOf(forged.body)).toEqual(['ReCAPTCHA Error']);
  });

  it('signs a user in with status pass, stripping spaces, and the token opens their session', async () => {
    const { user, email } = await demoUser();
    const response = await signIn(` ${email} `, ` ${TEST_PASSWORD}`);
    expect(response.status).toBe(200);
    const result = response.body as SignedIn;
    expect(result).toMatchObject({ status: 'pass', updatePassword: false, profile: { UserID: user.UserID, FirstName: 'Dana', Role: 'Doctor' } });
    expect(result.profile.LastLoginAt).toBeUndefined();

    const session = await api.call('GET', `/users/${user.UserID}/session`, { token: result.token });
    expect(session.status).toBe(200);
  });

  it('shows the previous sign-in time as the last login', async () => {
    const { email } = await demoUser();
    const first = (await signIn(email, TEST_PASSWORD)).body as SignedIn;
    const second = (await signIn(email, TEST_PASSWORD)).body as SignedIn;
    expect(first.profile.LastLoginAt).toBeUndefined();
    expect(Date.parse(second.profile.LastLoginAt!)).toBeGreaterThan(Date.now() - 60_000);
    const third = (await signIn(email, TEST_PASSWORD)).body as SignedIn;
    expect(third.profile.LastLoginAt! > second.profile.LastLoginAt!).toBe(true);
    // The session endpoint (the top bar on reload) shows the same: the sign-in before this one.
    const session = await api.call('GET', `/users/${third.profile.UserID}/session`, { token: third.token });
    expect((session.body as { profile: { LastLoginAt: string } }).profile.LastLoginAt).toBe(third.profile.LastLoginAt);
  });

  it("answers a wrong password or an unknown user with 'Wrong User name or password'", async () => {
    const { email } = await demoUser();
    const wrong = await signIn(email, 'Wrong!pass1');
    expect(wrong.status).toBe(401);
    expect(messageOf(wrong.body)).toEqual(['Wrong User name or password']);
    const unknown = await signIn('nobody@test.example', TEST_PASSWORD);
    expect(messageOf(unknown.body)).toEqual(['Wrong User name or password']);
  });

  it("answers a disabled user with 'User is disabled', and their open session stops working", async () => {
    const { user, email } = await demoUser();
    const before = (await signIn(email, TEST_PASSWORD)).body as SignedIn;
    await setUserEnabled(user.UserID, false);
    const response = await signIn(email, TEST_PASSWORD);
    expect(response.status).toBe(403);
    expect(messageOf(response.body)).toEqual(['User is disabled']);
    const session = await api.call('GET', `/users/${user.UserID}/session`, { token: before.token });
    expect(session.status).toBe(403);
  });

  it('gives administrators the top-bar counts and staff none', async () => {
    const admin = await demoUser('LiberDiAdmin');
    const nurse = await demoUser('Nurse');
    const asAdmin = (await signIn(admin.email, TEST_PASSWORD)).body as SignedIn;
    const asNurse = (await signIn(nurse.email, TEST_PASSWORD)).body as SignedIn;
    expect(asAdmin.profile.Statistic).toEqual({ activatedDevices: 0, activatedClinics: 0, totalNoExchanges: 0 });
    expect(asNurse.profile.Statistic).toBeUndefined();
  });
});

describe('first sign-in of an administrator-created user: /users/{userId}/changePass', () => {
  it('asks for a new password, applies the rule, then signs the user in with nModified 1', async () => {
    const { user, email } = await demoUser('Nurse', undefined);
    // An administrator-created user has only a temporary password; recovery sets a known one the same way.
    await api.call('POST', '/forgetPass', { body: { Email: email, reCaptchaToken: human() } });
    const mail = readOutbox(email);
    const temporary = /temporary password is: (\S+)/.exec(mail.text)![1]!;

    const first = (await signIn(email, temporary)).body as SignInResult;
    expect(first).toMatchObject({ status: 'pass', updatePassword: true, profile: { UserID: user.UserID } });

    const weak = await api.call('POST', `/users/${user.UserID}/changePass`, { token: first.token, body: { newPassword: 'weakpass' } });
    expect(weak.status).toBe(400);
    expect(messageOf(weak.body)).toEqual([
      'Password must contain at least one of: small letters, big letters, numbers and [!,@,#,$,%,^,*,] with length of 8-20',
    ]);

    const other = await api.call('POST', `/users/someone-else/changePass`, { token: first.token, body: { newPassword: 'Better!pass2' } });
    expect(other.status).toBe(403);

    const changed = await api.call('POST', `/users/${user.UserID}/changePass`, { token: first.token, body: { newPassword: 'Better!pass2' } });
    expect(changed.status).toBe(200);
    const result = changed.body as ChangePasswordResult;
    expect(result).toMatchObject({ nModified: 1, status: 'pass', updatePassword: false });
    expect((await api.call('GET', `/users/${user.UserID}/session`, { token: result.token })).status).toBe(200);
    expect((await signIn(email, 'Better!pass2')).body).toMatchObject({ status: 'pass', updatePassword: false });
  });

  it('refuses a forged pending token', async () => {
    const response = await api.call('POST', '/users/x/changePass', { token: 'not-a-session', body: { newPassword: 'Better!pass2' } });
    expect(response.status).toBe(401);
    expect(messageOf(response.body)).toEqual(['authentication error']);
  });
});

describe('POST /forgetPass', () => {
  it("answers an unknown e-mail with the spec's failure text and mails nothing", async () => {
    const response = await api.call('POST', '/forgetPass', { body: { Email: 'nobody@test.example', reCaptchaToken: human() } });
    expect(response.status).toBe(404);
    expect(messageOf(response.body)).toEqual(['The email account that you tried to reach does not exist, please retry']);
  });

  it('needs a valid e-mail and the bot check', async () => {
    const invalid = await api.call('POST', '/forgetPass', { body: { Email: 'not-an-email', reCaptchaToken: human() } });
    expect(messageOf(invalid.body)).toEqual(['Email is not valid']);
    const { email } = await demoUser();
    const noHuman = await api.call('POST', '/forgetPass', { body: { Email: email, reCaptchaToken: '' } });
    expect(messageOf(noHuman.body)).toEqual(['Blocked By ReCAPTCHA']);
  });

  it('writes the mail in the language the user chose', async () => {
    const { user, email } = await demoUser('Nurse');
    await api.call('POST', '/forgetPass', { body: { Email: email, reCaptchaToken: human() } });
    expect(readOutbox(email)).toMatchObject({ subject: 'PD Clinic Portal: your temporary password', text: expect.stringMatching(/^Hello Dana,/) });
    const { token } = (await signIn(email, TEST_PASSWORD)).body as SignedIn;
    expect((await api.call('POST', `/users/${user.UserID}/language`, { token, body: { Language: 'he' } })).status).toBe(200);
    await api.call('POST', '/forgetPass', { body: { Email: email, reCaptchaToken: human() } });
    const mail = readOutbox(email);
    expect(mail).toMatchObject({ subject: 'פורטל מרפאת PD: הסיסמה הזמנית שלך', text: expect.stringMatching(/^שלום Dana,/) });
    // The mailed password still signs in: it is the same one-time password, in a Hebrew sentence.
    const mailed = /הסיסמה הזמנית שלך: (\S+)/.exec(mail.text)![1]!;
    expect((await signIn(email, mailed)).body).toMatchObject({ status: 'pass', updatePassword: true });
  });
});

describe('two-factor sign-in', () => {
  it('turns TOTP on with a first code, then sign-in asks for a code before letting in', async () => {
    const { user, email } = await demoUser();
    const { token } = (await signIn(email, TEST_PASSWORD)).body as SignedIn;
    const setup = (await api.call('POST', `/users/${user.UserID}/totp/setup`, { token, body: {} })).body as TotpSetup;
    expect(setup.otpauthUri).toContain(`secret=${setup.secretCode}`);
    const verified = await api.call('POST', `/users/${user.UserID}/totp/verify`, { token, body: { TwoFaCode: totpCode(setup.secretCode) } });
    expect(verified.body).toEqual({ enabled: true });

    const pending = (await signIn(email, TEST_PASSWORD)).body as SignInResult;
    expect(pending).toMatchObject({ status: '2fa' });
    const wrongCode = String((Number(totpCode(setup.secretCode)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await api.call('POST', '/signin/2fa', { token: pending.token, body: { TwoFaCode: wrongCode } });
    expect(wrong.status).toBe(400);
    const missing = await api.call('POST', '/signin/2fa', { token: pending.token, body: { TwoFaCode: '' } });
    expect(messageOf(missing.body)).toEqual(['Authentication code is required']);

    const pendingAgain = (await signIn(email, TEST_PASSWORD)).body as SignInResult;
    const passed = await api.call('POST', '/signin/2fa', { token: pendingAgain.token, body: { TwoFaCode: totpCode(setup.secretCode) } });
    expect(passed.status).toBe(200);
    expect(passed.body).toMatchObject({ status: 'pass', updatePassword: false, profile: { UserID: user.UserID, TwoFactorEnabled: true } });
  });
});

describe('sessions: refresh and sign-out', () => {
  it('refreshes silently, and after sign-out no token or refresh token of the user works', async () => {
    const { user, token } = await signedInUser('ClinicDirector');
    const signInResult = (await signIn(user.Email, TEST_PASSWORD)).body as SignedIn;
    const refreshed = await api.call('POST', '/signin/refresh', { body: { refreshToken: signInResult.refreshToken } });
    expect(refreshed.status).toBe(200);

    const out = await api.call('POST', '/signout', { token: signInResult.token, body: { refreshToken: signInResult.refreshToken } });
    expect(out.body).toEqual({ signedOut: true });
    expect((await api.call('GET', `/users/${user.UserID}/session`, { token: signInResult.token })).status).toBe(401);
    expect((await api.call('POST', '/signin/refresh', { body: { refreshToken: signInResult.refreshToken } })).status).toBe(401);
    // Sign-out ends every session of the user (DESIGN.md section 3); test/functions/auth/sessions.test.ts has the rest.
    expect((await api.call('GET', `/users/${user.UserID}/session`, { token })).status).toBe(401);
  });
});
