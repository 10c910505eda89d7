import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { expectWcagClean } from '../support/axe';
import { TEST_PASSWORD } from '../support/api';
import { providerWithAdmins, type ProviderWithAdmins } from '../support/admins';
import { fillSignIn, signInFirstTimeWithTotp, temporaryPasswordIn, turnOnTotp, usePortal } from '../support/browser';

/**
 * The service provider screens walked in Chromium: the platform admin creates a provider
 * through /sp/createsp, its admin gets the temporary password by mail and signs in through
 * /create-password and the TOTP set-up; the /sp spreadsheet holds the listed rows; the provider's
 * profile tab saves a change; every screen is checked with axe-core.
 */
const NEW_PASSWORD = 'Fresh!pass9';
/** A real 1×1 PNG, for the logo upload. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let admins: ProviderWithAdmins;
const portal = usePortal({
  seed: async () => {
    admins = await providerWithAdmins();
  },
});

const created = {
  name: `Kidney Partners ${Date.now().toString(36)}`,
  email: `kim-${Date.now().toString(36)}@providers.example`,
};
let platform: Page;

const field = (page: Page, name: string) => page.getByTestId(name);

/** The list's rows as text, cell by cell, as the table shows them. */
async function listedRows(page: Page): Promise<string[][]> {
  return page
    .getByRole('table')
    .first()
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => (cell.textContent ?? '').trim())));
}

describe('service providers (LiberDiAdmin)', () => {
  it('lists the providers, then creates one through the form, its confirmation and saved message', async () => {
    platform = await portal.page('/login', { bypassCSP: true });
    await signInFirstTimeWithTotp(platform, admins.platformAdmin.Email, TEST_PASSWORD);
    await platform.waitForURL('**/sp');
    await platform.getByRole('row').filter({ hasText: admins.provider.ServiceProviderName }).waitFor();
    await expectWcagClean(platform, '/sp');

    await platform.getByTestId('add-provider').click();
    await platform.waitForURL('**/sp/createsp');
    await field(platform, 'ServiceProviderName').locator('input').fill(created.name);
    await field(platform, 'FirstName').locator('input').fill('Kim');
    await field(platform, 'LastName').locator('input').fill('Partner');
    await field(platform, 'Email').locator('input').fill('not an email');
    await field(platform, 'Email').locator('input').blur();
    await field(platform, 'Email').getByText('Email is not valid').waitFor();
    await field(platform, 'Email').locator('input').fill(created.email);
    await field(platform, 'Phone').getByRole('textbox').fill('555 0142');
    await expectWcagClean(platform, '/sp/createsp');
    expect(await platform.getByTestId('save-provider').isDisabled()).toBe(true);

    await field(platform, 'ServiceProviderAddress').getByRole('button', { name: 'Edit address' }).click();
    const dialog = platform.getByRole('dialog', { name: 'Address' });
    await dialog.getByTestId('address-country').getByRole('button').first().click();
    await platform.getByRole('option', { name: 'Israel', exact: true }).click();
    await dialog.getByTestId('address-city').locator('input').fill('Haifa');
    await dialog.getByTestId('address-street').locator('input').fill('Herzl 7');
    await dialog.getByTestId('address-accept').click();

    await platform.getByTestId('save-provider').click();
    const confirmation = platform.getByRole('dialog', { name: 'Create service provider' });
    await confirmation.getByText('It can not be undone').waitFor();
    await confirmation.getByRole('button', { name: 'Accept' }).click();
    await platform.getByRole('dialog', { name: 'Service Provider Saved' }).waitFor();
    await platform.getByTestId('notice-ok').click();
    await platform.waitForURL('**/sp');
    await platform.getByRole('row').filter({ hasText: created.name }).waitFor();
  });

  it('downloads the spreadsheet of the listed rows', async () => {
    const shown = await listedRows(platform);
    expect(shown.map((row) => row[0])).toEqual(expect.arrayContaining([admins.provider.ServiceProviderName, created.name]));
    // The spreadsheet library is a chunk of its own, loaded only when the button is pressed.
    const scripts: string[] = [];
    platform.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const [download] = await Promise.all([platform.waitForEvent('download'), platform.getByTestId('export-spreadsheet').click()]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(download.suggestedFilename()).toBe('service-providers.xlsx');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pd-providers-sheet-'));
    try {
      const file = path.join(dir, 'service-providers.xlsx');
      await download.saveAs(file);
      const sheet = await readSheet(file);
      expect(sheet[0]).toEqual(['Service Provider Name', 'Activated Clinics', 'Activated Devices', 'Total No. of exchanges']);
      expect(sheet.slice(1).map((row) => row.map(String))).toEqual(shown);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("opens the new provider's tabs and saves a change of its profile", async () => {
    await platform.getByRole('row').filter({ hasText: created.name }).click();
    await platform.waitForURL('**/sp/sptabs?spId=*');
    const spId = new URL(platform.url()).searchParams.get('spId');
    // The clinics tab: the provider's clinics (none yet).
    await platform.getByText('No items match your search').waitFor();
    await expectWcagClean(platform, '/sp/sptabs');
    await platform.getByRole('tab', { name: 'Admin' }).click();
    await platform.waitForURL(`**/sp/sptabs/profile?spId=${spId}`);
    await field(platform, 'Phone').getByRole('textbox').waitFor();
    await expectWcagClean(platform, '/sp/sptabs/profile');

    await field(platform, 'LastName').locator('input').fill('Partner-Levi');
    await field(platform, 'image').locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await platform.getByTestId('save-provider').click();
    await platform.getByRole('dialog', { name: 'Accept changes' }).getByRole('button', { name: 'Accept' }).click();
    await platform.getByRole('dialog', { name: 'Service Provider Saved' }).waitFor();
    await platform.getByTestId('notice-ok').click();

    // Read again from the server: the change was stored.
    await platform.reload();
    await field(platform, 'LastName').locator('input').waitFor();
    expect(await field(platform, 'LastName').locator('input').inputValue()).toBe('Partner-Levi');
    // The logo went to the object store and is shown from there.
    const logo = field(platform, 'image').getByRole('img', { name: 'Logo' });
    await logo.waitFor();
    await platform.waitForFunction((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth === 1, await logo.elementHandle());
    await platform.getByRole('tab', { name: 'Clinics' }).click();
    await platform.waitForURL(`**/sp/sptabs?spId=${spId}`);
  });
});

describe("the new provider's admin", () => {
  it('gets the temporary password by mail, signs in through /create-password and the TOTP set-up, and keeps the own profile', async () => {
    const temporary = temporaryPasswordIn(portal.stack.dataDir, created.email);
    const page = await portal.page('/login', { bypassCSP: true });
    await fillSignIn(page, created.email, temporary);
    await page.waitForURL('**/create-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('two-factor-required').waitFor();
    await turnOnTotp(page);

    await page.goto('/myprofile');
    await field(page, 'Email').locator('input').waitFor();
    expect(await field(page, 'ServiceProviderName').locator('input').inputValue()).toBe(created.name);
    expect(await field(page, 'ServiceProviderIsEnabled').count()).toBe(0);
    await expectWcagClean(page, '/myprofile (provider admin)');
  });
});
