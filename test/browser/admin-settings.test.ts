import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../support/api';
import { providerWithAdmins, type ProviderWithAdmins } from '../support/admins';
import { expectWcagClean } from '../support/axe';
import { signInFirstTimeWithTotp, usePortal } from '../support/browser';

/**
 * /settings in Chromium as the administrators use it: a rule of spec section 5 shows its message
 * and blocks Save; the provider admin saves a setting of the provider, which a reload shows with
 * its source; the LiberDiAdmin changes a global setting and sees the provider's settings
 * read-only; axe-core finds no WCAG 2.1 AA issue on the screen for either role.
 */
const seeded = {} as ProviderWithAdmins;
const portal = usePortal({
  seed: async () => {
    Object.assign(seeded, await providerWithAdmins());
  },
});

async function signedIn(email: string): Promise<Page> {
  const page = await portal.page('/login', { bypassCSP: true });
  await signInFirstTimeWithTotp(page, email, TEST_PASSWORD);
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'System Settings', level: 1 }).waitFor();
  await page.getByTestId('MaxFillTime').locator('input').waitFor();
  return page;
}

const input = (page: Page, name: string) => page.getByTestId(name).locator('input');
const save = (page: Page) => page.getByTestId('save-settings');

async function saveConfirmed(page: Page): Promise<void> {
  await save(page).click();
  const confirmation = page.getByRole('dialog').filter({ hasText: 'Accept changes' });
  await confirmation.getByText('It can not be undone').waitFor();
  await confirmation.getByRole('button', { name: 'Accept' }).click();
  const saved = page.getByRole('dialog').filter({ hasText: 'Settings saved' });
  await saved.getByRole('button', { name: 'OK' }).click();
  await saved.waitFor({ state: 'hidden' });
}

it("the provider admin: a rule's message blocks Save; a saved setting stays, shown as the provider's own", async () => {
  const page = await signedIn(seeded.providerAdmin.Email);
  await expectWcagClean(page, '/settings (ServiceProviderAdmin)');

  await input(page, 'PulseMinRange').fill('120');
  await page.getByTestId('PulseMinRange').getByText('PulseMinRange max value is 100').waitFor();
  expect(await save(page).isDisabled()).toBe(true);
  await input(page, 'PulseMinRange').fill('-1');
  await page.getByTestId('PulseMinRange').getByText('PulseMinRange must be bigger than 0').waitFor();
  expect(await save(page).isDisabled()).toBe(true);
  await input(page, 'PulseMinRange').fill('');
  await page.getByTestId('PulseMinRange').getByText('PulseMinRange is empty').waitFor();
  await expectWcagClean(page, '/settings with a message under a field');

  await input(page, 'PulseMinRange').fill('50');
  await input(page, 'LowUFThreshold').fill('12');
  expect(await save(page).isDisabled()).toBe(false);
  await saveConfirmed(page);

  await page.reload();
  await input(page, 'LowUFThreshold').waitFor();
  expect(await input(page, 'LowUFThreshold').inputValue()).toBe('12');
  await page.getByTestId('LowUFThreshold').getByText("Provider's own value").waitFor();
  await page.getByTestId('PulseMinRange').getByText('Follows the global value (50)').waitFor();
  expect(await save(page).isDisabled()).toBe(true);
});

it("the LiberDiAdmin: a rule's message blocks Save; changes a global setting; reads the provider's settings read-only", async () => {
  const page = await signedIn(seeded.platformAdmin.Email);
  await expectWcagClean(page, '/settings (LiberDiAdmin)');

  await input(page, 'DefaultFillTime').fill('25');
  await page.getByTestId('DefaultFillTime').getByText('DefaultFillTime DefaultFillTime must be between MinFillTime and MaxFillTime').waitFor();
  expect(await save(page).isDisabled()).toBe(true);
  await input(page, 'DefaultFillTime').fill('10');
  await input(page, 'MaxFillTemp').fill('40');
  await saveConfirmed(page);

  await page.reload();
  await input(page, 'MaxFillTemp').waitFor();
  expect(await input(page, 'MaxFillTemp').inputValue()).toBe('40');

  await page.goto(`/settings?spId=${seeded.provider.ServiceProviderID}`);
  await input(page, 'LowUFThreshold').waitFor();
  expect(await input(page, 'LowUFThreshold').inputValue()).toBe('12');
  expect(await input(page, 'LowUFThreshold').getAttribute('readonly')).not.toBeNull();
  await page.getByTestId('MaxFillTemp').getByText('Follows the global value (40)').waitFor();
  expect(await save(page).count()).toBe(0);
  await expectWcagClean(page, '/settings?spId= (LiberDiAdmin, read-only)');
});
