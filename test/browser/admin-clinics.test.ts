import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { settingsRepository } from '@functions/data/settings-repository';
import { defaultSettings } from '@shared/settings';
import { TEST_PASSWORD } from '../support/api';
import { providerWithAdmins, type ProviderWithAdmins } from '../support/admins';
import { expectWcagClean } from '../support/axe';
import { fillSignIn, signInFirstTimeWithTotp, usePortal } from '../support/browser';
import { csvRows } from '@test/support/csv';

/**
 * The clinic screens walked in Chromium by the three administrators: the provider's admin
 * creates a clinic that follows the provider's settings, edits it through 'Accept changes' and
 * downloads clinics.csv; the platform admin reads the clinic without a Save; the clinic's admin
 * saves the clinic's profile. Every screen is checked with axe-core.
 */
let admins: ProviderWithAdmins;
const portal = usePortal({
  seed: async () => {
    admins = await providerWithAdmins();
    // The platform's settings, and two the provider decided itself: a new clinic starts from both.
    await settingsRepository.putGlobal({ ...defaultSettings });
    await settingsRepository.putForServiceProvider(admins.provider.ServiceProviderID, PROVIDER_DECIDED);
  },
});

const PROVIDER_DECIDED = { MaxFillTemp: 38, PulseMaxRange: 110 };
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const NEW_CLINIC = 'Lakeside Dialysis';
const RENAMED = 'Lakeside Dialysis Center';

/** One page per administrator, signed in once: the provider and platform admins set TOTP up on their first sign-in. */
const pages: { provider?: Page; platform?: Page; clinic?: Page } = {};

async function providerPage(): Promise<Page> {
  if (!pages.provider) {
    const page = await portal.page('/login', { bypassCSP: true });
    await signInFirstTimeWithTotp(page, admins.providerAdmin.Email, TEST_PASSWORD);
    await page.waitForURL('**/clinics');
    pages.provider = page;
  }
  return pages.provider;
}

const clinicRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Opens a clinic from the list on its edit tab. */
async function openEditTab(page: Page, name: string) {
  await page.goto('/clinics');
  await clinicRow(page, name).getByRole('cell', { name, exact: true }).click();
  await page.waitForURL('**/clinics/clinictabs?clinicId=*');
  await page.getByRole('tab', { name: 'Edit clinic' }).click();
  await page.waitForURL('**/clinics/clinictabs/editclinic?clinicId=*');
  await page.getByTestId('clinic-settings').waitFor();
}

describe('the clinic screens, as the administrators use them', () => {
  it("the provider's admin creates a clinic whose settings are the provider's: none is the clinic's own", async () => {
    const page = await providerPage();
    await clinicRow(page, admins.clinic.ClinicName).waitFor();
    await expectWcagClean(page, '/clinics');

    await page.getByRole('button', { name: 'Add clinic' }).click();
    await page.waitForURL('**/clinics/createclinic');
    await page.getByTestId('clinic-settings').waitFor();
    await expectWcagClean(page, '/clinics/createclinic');
    const maxFillTemp = page.locator('[data-setting="MaxFillTemp"]');
    expect(await maxFillTemp.getByRole('textbox').inputValue()).toBe('38');
    await maxFillTemp.getByText('Comes from: provider').waitFor();
    await page.locator('[data-setting="MinFillTemp"]').getByText('Comes from: global').waitFor();

    await page.getByLabel('Clinic name').fill(NEW_CLINIC);
    await page.getByTestId('ClinicPhone').getByRole('textbox').fill('555 0142');
    await page.getByTestId('ClinicAddress').getByRole('button', { name: 'Edit address' }).click();
    const address = page.getByRole('dialog');
    await address.getByTestId('address-country').getByRole('button').first().click();
    await page.getByRole('option', { name: 'Israel', exact: true }).click();
    await address.getByTestId('address-city').getByRole('textbox').fill('Tiberias');
    await address.getByTestId('address-street').getByRole('textbox').fill('1 Lake Rd');
    await address.getByRole('button', { name: 'Accept' }).click();
    await address.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const confirmation = page.getByRole('dialog').filter({ hasText: 'You are going to create the clinic.' });
    await confirmation.getByRole('button', { name: 'Accept' }).click();
    const saved = page.getByRole('dialog').filter({ hasText: 'Clinic Saved' });
    await saved.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/clinics');
    await clinicRow(page, NEW_CLINIC).waitFor();

    await openEditTab(page, NEW_CLINIC);
    const sources = await page
      .locator('[data-testid="clinic-settings"] [data-setting]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-source')));
    expect(sources.length).toBeGreaterThan(30);
    expect(sources.filter((source) => source !== 'provider' && source !== 'global')).toEqual([]);
    expect(await page.locator('[data-setting="MaxFillTemp"]').getAttribute('data-source')).toBe('provider');
    expect(await page.locator('[data-setting="MaxFillTemp"]').textContent()).toContain('38');
    await expectWcagClean(page, '/clinics/clinictabs/editclinic');
  }, 180_000);

  it("edits the clinic through 'Accept changes': the list shows the new name", async () => {
    const page = await providerPage();
    await openEditTab(page, NEW_CLINIC);
    const save = page.getByTestId('save-clinic');
    await page.getByLabel('Clinic name').fill('');
    await page.getByLabel('Clinic name').blur();
    await page.getByText('Clinic name is required').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Clinic name').fill(RENAMED);
    await save.click();
    const confirmation = page.getByRole('dialog').filter({ hasText: 'Accept changes' });
    await confirmation.getByText('You are going to change the clinic.').waitFor();
    await confirmation.getByText('It can not be undone, so make sure you still would like to change it.').waitFor();
    await confirmation.getByRole('button', { name: 'Accept' }).click();
    const saved = page.getByRole('dialog').filter({ hasText: 'Clinic Saved' });
    await saved.getByText('Changed: Clinic name').waitFor();
    await saved.getByRole('button', { name: 'OK' }).click();

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/clinics');
    await clinicRow(page, RENAMED).waitFor();
    expect(await clinicRow(page, NEW_CLINIC).count()).toBe(0);
  }, 120_000);

  it('downloads clinics.csv with the listed rows', async () => {
    const page = await providerPage();
    await page.goto('/clinics');
    await clinicRow(page, RENAMED).waitFor();
    const listed = await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim()).join(',')));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('clinics.csv');
    const lines = csvRows(readFileSync(await download.path(), 'utf8'));
    expect(lines[0]).toBe('Clinic Name,Location,Activated Devices,Total No. of exchanges,Last exchange time');
    expect(lines.slice(1).sort()).toEqual([...listed].sort());
    expect(lines.slice(1).some((line) => line.startsWith(`${RENAMED},Israel,0,0,`))).toBe(true);
  }, 60_000);

  it('the platform admin sees the clinic form read-only, with no save button', async () => {
    const page = await portal.page('/login', { bypassCSP: true });
    await signInFirstTimeWithTotp(page, admins.platformAdmin.Email, TEST_PASSWORD);
    await page.waitForURL('**/sp');
    await page.goto(`/clinics/clinictabs/editclinic?clinicId=${admins.clinic.ClinicID}`);
    await page.getByTestId('clinic-read-only').waitFor();
    expect(await page.getByLabel('Clinic name').inputValue()).toBe(admins.clinic.ClinicName);
    expect(await page.getByLabel('Clinic name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('save-clinic').count()).toBe(0);
    await page.getByRole('tab', { name: 'Devices' }).waitFor();
    await page.goto(`/clinics/editclinic?clinicId=${admins.clinic.ClinicID}`);
    await page.getByTestId('clinic-read-only').waitFor();
    await expectWcagClean(page, '/clinics/editclinic (platform admin)');
  }, 120_000);

  it("the clinic's admin saves the clinic's profile on /myprofile", async () => {
    const page = await portal.page('/login', { bypassCSP: true });
    await fillSignIn(page, admins.clinicAdmin.Email, TEST_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/myprofile');
    await page.getByTestId('clinic-settings').waitFor();
    await expectWcagClean(page, '/myprofile (clinic admin)');

    await page.getByLabel('Contact Email').fill('front-desk@lakeside.example');
    await page.getByTestId('Phone').getByRole('textbox').fill('555 0177');
    // The logo goes straight to the image store through the clinic admin's upload link.
    await page.getByTestId('image').locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await page.getByTestId('save-my-clinic').click();
    await page.getByRole('dialog').filter({ hasText: 'Accept changes' }).getByRole('button', { name: 'Accept' }).click();
    const saved = page.getByRole('dialog').filter({ hasText: 'Clinic Saved' });
    await saved.getByText(/Changed: .*Contact Email/).waitFor();
    await saved.getByRole('button', { name: 'OK' }).click();
    await page.reload();
    await page.getByTestId('clinic-settings').waitFor();
    expect(await page.getByLabel('Contact Email').inputValue()).toBe('front-desk@lakeside.example');
    expect(await page.getByTestId('Phone').getByRole('textbox').inputValue()).toBe('555 0177');
    const logo = page.getByTestId('image').locator('img');
    await logo.waitFor();
    await page.waitForFunction((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth === 1, await logo.elementHandle());
  }, 120_000);
});
