import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expectWcagClean } from '../support/axe';
import { TEST_PASSWORD } from '../support/api';
import { providerWithAdmins, type ProviderWithAdmins } from '../support/admins';
import { createTestClinic } from '../support/devices';
import { fillSignIn, signInFirstTimeWithTotp, temporaryPasswordIn, usePortal } from '../support/browser';
import { csvRows } from '@test/support/csv';

/**
 * The user screens walked in Chromium: the clinic admin creates a nurse through
 * /users/createuser, the nurse gets the temporary password by mail and signs in through
 * /create-password to /patients; the provider admin sees the nurse in /users, downloads users.csv
 * with the listed rows, offers a new clinic admin only clinics without one, and disables its clinic
 * admin, whose row then shows greyed; every user screen is checked with axe-core.
 */
const NEW_PASSWORD = 'Fresh!pass9';
let admins: ProviderWithAdmins;
let spareClinic: { ClinicID: string; ClinicName: string };
const portal = usePortal({
  seed: async () => {
    admins = await providerWithAdmins();
    spareClinic = await createTestClinic(admins.provider.ServiceProviderID, `Spare Clinic ${Date.now().toString(36)}`);
  },
});

const nurse = { first: 'Tamar', last: `Nurse${Date.now().toString(36)}`, email: `tamar-${Date.now().toString(36)}@clinic.example` };
const nurseName = () => `${nurse.first} ${nurse.last}`;
let provider: Page;

const field = (page: Page, name: string) => page.getByTestId(name);
const userRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function choose(page: Page, name: string, option: string): Promise<void> {
  await field(page, name).getByRole('button').first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe("the clinic admin's staff", () => {
  it('creates a nurse through /users/createuser: the messages, the confirmation and User Saved', async () => {
    const page = await portal.page('/login', { bypassCSP: true });
    await fillSignIn(page, admins.clinicAdmin.Email, TEST_PASSWORD);
    await page.waitForURL('**/users');
    await userRow(page, admins.clinicAdmin.Email).waitFor();
    await expectWcagClean(page, '/users (clinic admin)');

    await page.getByTestId('add-user').click();
    await page.waitForURL('**/users/createuser');
    await field(page, 'FirstName').locator('input').fill(nurse.first);
    await field(page, 'LastName').locator('input').fill(nurse.last);
    await field(page, 'Email').locator('input').fill('not an email');
    await field(page, 'Email').locator('input').blur();
    await field(page, 'Email').getByText('Email is not valid').waitFor();
    await field(page, 'Email').locator('input').fill(nurse.email);
    await field(page, 'Phone').getByRole('textbox').fill('555 0142');
    expect(await page.getByTestId('save-user').isDisabled()).toBe(true);
    expect(await field(page, 'ClinicID').count()).toBe(0);
    await choose(page, 'Role', 'Nurse');
    await expectWcagClean(page, '/users/createuser');

    await page.getByTestId('save-user').click();
    const confirmation = page.getByRole('dialog', { name: 'Create user' });
    await confirmation.getByText('It can not be undone').waitFor();
    await confirmation.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog', { name: 'User Saved' }).waitFor();
    await page.getByTestId('notice-ok').click();
    await page.waitForURL('**/users');
    await userRow(page, nurse.email).waitFor();
    expect(await userRow(page, nurse.email).textContent()).toContain('Nurse');
  }, 180_000);

  it('the nurse gets the temporary password by mail and signs in through /create-password to /patients', async () => {
    const temporary = temporaryPasswordIn(portal.stack.dataDir, nurse.email);
    const page = await portal.page('/login');
    await fillSignIn(page, nurse.email, temporary);
    await page.waitForURL('**/create-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/patients');
  }, 120_000);
});

describe("the provider's admin", () => {
  it('sees the new nurse in /users with the clinic, and downloads users.csv with the listed rows', async () => {
    provider = await portal.page('/login', { bypassCSP: true });
    await signInFirstTimeWithTotp(provider, admins.providerAdmin.Email, TEST_PASSWORD);
    await provider.waitForURL('**/clinics');
    await provider.goto('/users');
    await userRow(provider, nurse.email).waitFor();
    expect(await userRow(provider, nurse.email).textContent()).toContain(admins.clinic.ClinicName);
    await expectWcagClean(provider, '/users (provider admin)');

    const listed = await provider
      .getByRole('row')
      .filter({ has: provider.getByRole('cell') })
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim()).join(',')));
    const [download] = await Promise.all([provider.waitForEvent('download'), provider.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('users.csv');
    const lines = csvRows(readFileSync(await download.path(), 'utf8'));
    expect(lines[0]).toBe('Full Name,User role,Email Address,Associated Clinic');
    expect(lines.slice(1).sort()).toEqual([...listed].sort());
    expect(lines).toContain(`${nurseName()},Nurse,${nurse.email},${admins.clinic.ClinicName}`);
  }, 180_000);

  it('offers a new clinic admin only the clinics without one', async () => {
    await provider.getByTestId('add-user').click();
    await provider.waitForURL('**/users/createuser');
    await field(provider, 'ClinicID').getByRole('button').first().click();
    await provider.getByRole('option', { name: spareClinic.ClinicName, exact: true }).waitFor();
    expect(await provider.getByRole('option', { name: admins.clinic.ClinicName, exact: true }).count()).toBe(0);
    await provider.keyboard.press('Escape');
    await expectWcagClean(provider, '/users/createuser (provider admin)');
  }, 60_000);

  it("sees the nurse's edit form restricted, then disables its clinic admin, whose row shows greyed", async () => {
    await provider.goto('/users');
    await userRow(provider, nurse.email).click();
    await provider.waitForURL('**/users/usertabs?userId=*');
    await provider.getByTestId('edit-user').click();
    await provider.waitForURL('**/users/edituser?userId=*');
    await provider.getByTestId('user-restricted').waitFor();
    expect(await field(provider, 'Email').locator('input').getAttribute('readonly')).not.toBeNull();
    expect(await provider.getByTestId('save-user').isDisabled()).toBe(true);

    await provider.goto('/users');
    await userRow(provider, admins.clinicAdmin.Email).click();
    await provider.waitForURL('**/users/usertabs?userId=*');
    await provider.getByRole('tab', { name: 'Profile' }).waitFor();
    await provider.getByTestId('profile-Email').waitFor();
    await expectWcagClean(provider, '/users/usertabs');
    await provider.getByTestId('edit-user').click();
    await provider.waitForURL('**/users/edituser?userId=*');
    await field(provider, 'Email').locator('input').waitFor();
    await expectWcagClean(provider, '/users/edituser');
    expect(await provider.getByTestId('save-user').isDisabled()).toBe(true);
    await field(provider, 'IsEnabled').getByText('Activated', { exact: true }).click();
    await provider.getByTestId('save-user').click();
    const confirmation = provider.getByRole('dialog', { name: 'Accept changes' });
    await confirmation.getByText('You are going to change the user.').waitFor();
    await confirmation.getByRole('button', { name: 'Accept' }).click();
    const saved = provider.getByRole('dialog', { name: 'User Saved' });
    await saved.getByText('Changed: Status').waitFor();
    await provider.getByTestId('notice-ok').click();
    await provider.waitForURL('**/users/usertabs?userId=*');
    await provider.getByTestId('profile-IsEnabled').getByText('Deactivated').waitFor();

    await provider.goto('/users');
    const row = userRow(provider, admins.clinicAdmin.Email);
    await row.locator('[data-row-state="deactivated"]').first().waitFor();
    expect(await userRow(provider, nurse.email).locator('[data-row-state="deactivated"]').count()).toBe(0);
  }, 180_000);
});
