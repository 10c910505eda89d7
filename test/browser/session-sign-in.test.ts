import type { Page } from 'playwright-core';
import { recoverPassword } from '@functions/services/sessions';
import { createUser, setUserEnabled } from '@functions/services/users';

import type { Role } from '@shared/roles';
import { createTestClinic, createTestProvider } from '../support/devices';
import { freshTotpCode, temporaryPasswordIn, turnOnTotp, usePortal } from '../support/browser';

const PASSWORD = 'Test!pass1';
const NEW_PASSWORD = 'Better!pass2';

const users = {
  doctor: { email: 'doctor@sign-in.example', role: 'Doctor', first: 'Dora' },
  admin: { email: 'admin@sign-in.example', role: 'LiberDiAdmin', first: 'Ada' },
  wrongPassword: { email: 'wrong@sign-in.example', role: 'Nurse', first: 'Will' },
  disabled: { email: 'disabled@sign-in.example', role: 'Nurse', first: 'Dee' },
  twoFactor: { email: 'totp@sign-in.example', role: 'ClinicDirector', first: 'Toni' },
  firstSignIn: { email: 'new@sign-in.example', role: 'ClinicAdmin', first: 'Nina' },
  recovery: { email: 'forgetful@sign-in.example', role: 'Nurse', first: 'Fred' },
} satisfies Record<string, { email: string; role: Role; first: string }>;

let firstSignInPassword = '';

const portal = usePortal({
  seed: async (stack) => {
    const provider = await createTestProvider();
    const staffClinic = { ClinicID: (await createTestClinic(provider.ServiceProviderID)).ClinicID, ServiceProviderID: provider.ServiceProviderID };
    for (const [key, user] of Object.entries(users)) {
      // The first-sign-in user is created as an administrator creates one: no password of their own.
      const password = key === 'firstSignIn' ? undefined : PASSWORD;
      // Staff belong to a clinic (an empty one here): their first screen, the patient list, reads it.
      const clinic = ['ClinicDirector', 'Doctor', 'Nurse'].includes(user.role) ? staffClinic : {};
      const created = await createUser({ FirstName: user.first, LastName: 'Tester', Email: user.email, Role: user.role, ...clinic }, { password });
      if (key === 'disabled') await setUserEnabled(created.UserID, false);
    }
    // cognito-local mails nobody: a recovery sets a temporary password we can read, as the handler test does.
    await recoverPassword(users.firstSignIn.email);
    firstSignInPassword = temporaryPasswordIn(stack.dataDir, users.firstSignIn.email);
  },
});

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('User ID').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Accept Terms & Conditions').check();
  await page.getByRole('button', { name: 'Login' }).click();
}

const statusArea = (page: Page) => page.getByTestId('status-area');
const today = () => {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(now.getDate())}/${two(now.getMonth() + 1)}/${two(now.getFullYear() % 100)}`;
};

describe('signing in, as a person would', () => {
  it("answers a wrong password with 'Wrong User name or password' and stays on /login", async () => {
    const page = await portal.page('/login');
    await fillLogin(page, users.wrongPassword.email, 'Wrong!pass9');
    await page.getByText('Wrong User name or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("answers a disabled user with 'User is disabled'", async () => {
    const page = await portal.page('/login');
    await fillLogin(page, users.disabled.email, PASSWORD);
    await statusArea(page).getByText('User is disabled').waitFor();
  });

  it('shows the validation messages before anything is sent', async () => {
    const page = await portal.page('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByText('Accept Terms & Conditions is required').waitFor();
  });

  it("lands a doctor on /patients with the first name and 'Last login at' in the top bar", async () => {
    const page = await portal.page('/login');
    await fillLogin(page, `  ${users.doctor.email} `, PASSWORD);
    await page.waitForURL('**/patients');
    const topBar = page.getByTestId('top-bar');
    await topBar.getByRole('button', { name: users.doctor.first }).waitFor();
    // A first sign-in has no earlier one: the top bar shows this one.
    expect(await page.getByTestId('last-login').innerText()).toBe(`Last login at ${today()}`);
    expect(await page.getByTestId('total-exchanges').count()).toBe(0);
    await page.getByRole('heading', { name: 'Patients List' }).waitFor();
  });

  it('has an administrator set up two-factor sign-in first, then lands on /sp with the counts', async () => {
    const page = await portal.page('/login');
    await fillLogin(page, users.admin.email, PASSWORD);
    // LiberDiAdmin must use two-factor sign-in: the set-up comes before any screen.
    await page.getByTestId('two-factor-required').waitFor();
    expect(await page.getByTestId('top-bar').count()).toBe(0);
    await turnOnTotp(page);
    await page.waitForURL('**/sp');
    expect(await page.getByTestId('activated-devices').innerText()).toBe('Activated devices: 0');
    // The staff's clinic of the seed is the platform's one clinic.
    expect(await page.getByTestId('activated-clinics').innerText()).toBe('Activated clinics: 1');
    expect(await page.getByTestId('total-exchanges').innerText()).toBe('Total exchanges: 0');
    await page.getByRole('heading', { name: 'Service Providers' }).waitFor();
  });

  it('turns TOTP on in the user menu; the next sign-in asks for the code at /2fa', async () => {
    const page = await portal.page('/login');
    await fillLogin(page, users.twoFactor.email, PASSWORD);
    await page.waitForURL('**/patients');

    await page.getByRole('button', { name: users.twoFactor.first }).click();
    await page.getByRole('menuitem', { name: 'Two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
    const secret = await turnOnTotp(page);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    // Sign-out ends every session up to the next whole second (token times are seconds). A sign-in
    // finishing within that second takes the refresh path, which failed here under load with
    // cognito-local (401 from /signin/2fa; open in docs/security.md); a person takes longer.
    await page.waitForTimeout(1100);
    await fillLogin(page, users.twoFactor.email, PASSWORD);
    await page.waitForURL('**/2fa');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Authentication code is required').waitFor();
    // What the API answered, to tell why if the page does not move on.
    const answers: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/')) answers.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.getByLabel('Authentication code').fill(await freshTotpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/patients').catch(async (error: unknown) => {
      throw new Error(
        `${String(error)}\nat ${page.url()}; API answers: ${answers.join(', ')}; page: ${(await page.locator('body').innerText()).slice(0, 400)}`,
      );
    });
    await page.getByTestId('top-bar').getByRole('button', { name: users.twoFactor.first }).waitFor();
    // The pending 2FA session is gone: /2fa now leads home.
    await page.goto('/2fa');
    await page.waitForURL('**/patients');
  }, 60_000);

  it('asks an administrator-created user for a new password at the first sign-in', async () => {
    const page = await portal.page('/login');
    await fillLogin(page, users.firstSignIn.email, firstSignInPassword);
    await page.waitForURL('**/create-password');
    await page.getByLabel('New password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm password').fill('weakpas');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password must contain at least one of: small letters, big letters, numbers and [!,@,#,$,%,^,*,] with length of 8-20').waitFor();
    await page.getByText('Passwords must match').waitFor();

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/users');
    await page.getByTestId('top-bar').getByRole('button', { name: users.firstSignIn.first }).waitFor();
  });

  it('recovers a password: failure, the reset link, success, then the temporary password leads to a new one', async () => {
    const page = await portal.page('/login');
    await page.getByRole('link', { name: 'I forgot the password' }).click();
    await page.waitForURL('**/password-recovery');

    await page.getByLabel('Email').fill('nobody@sign-in.example');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'Recovery failed' }).waitFor();
    await page.getByText('The email account that you tried to reach does not exist, please retry').waitFor();

    await page.getByRole('link', { name: "Didn't get the email" }).click();
    await page.getByRole('heading', { name: 'Password recovery' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('');

    await page.getByLabel('Email').fill(users.recovery.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'Recovery Successed' }).waitFor();
    await page.getByText("You'll recieve an email with your password").waitFor();
    const temporary = temporaryPasswordIn(portal.stack.dataDir, users.recovery.email);

    await page.getByRole('button', { name: 'Back to login' }).click();
    await page.waitForURL('**/login');
    await fillLogin(page, users.recovery.email, temporary);
    await page.waitForURL('**/create-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/patients');
  });
});
