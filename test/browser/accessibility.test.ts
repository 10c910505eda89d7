import type { Page } from 'playwright-core';
import { createUser } from '@functions/services/users';
import { wcagViolations } from '../support/axe';
import { adminSignIn, fillSignIn, usePortal } from '../support/browser';
import { deadLettersRepository } from '@functions/data/dead-letters-repository';
import { createPatientWithDevice, createTestClinic, createTestProvider } from '../support/devices';

/** Every screen there is, checked with axe-core against WCAG 2.1 AA, as each role sees it. */
const PASSWORD = 'Test!pass1';
const people = {
  director: {
    email: 'director@a11y.example',
    first: 'Dora',
    role: 'ClinicDirector' as const,
    /** A clinic of a provider, made in the seed (sign-in refuses a user whose provider is not enabled). */
    tenant: {} as { ClinicID?: string; ServiceProviderID?: string },
  },
  admin: { email: 'admin@a11y.example', first: 'Ada', role: 'LiberDiAdmin' as const, tenant: {} },
  orphan: { email: 'orphan@a11y.example', first: 'Otto', role: 'ClinicDirector' as const, tenant: {} },
};

/** A device with a refused message of each kind (text, not text), for its errors screen. */
const refusing = { deviceId: '' };

const portal = usePortal({
  seed: async () => {
    const provider = await createTestProvider();
    const clinic = await createTestClinic(provider.ServiceProviderID);
    const { device } = await createPatientWithDevice();
    refusing.deviceId = device.DeviceID;
    for (const payload of [Buffer.from('{"DrainVolume":-5,"Note":"<b>bold</b>"}'), Buffer.from([0, 1, 2, 255])]) {
      const letter = { Topic: `pd/devices/${device.SerialNumber}/up/exchange`, ClientId: device.SerialNumber, Reason: 'Invalid exchange message: DrainVolume' };
      await deadLettersRepository.add({ ...letter, Payload: payload.toString('base64'), ReceivedAt: new Date().toISOString() });
    }
    people.director.tenant = { ClinicID: clinic.ClinicID, ServiceProviderID: provider.ServiceProviderID };
    for (const person of Object.values(people)) {
      await createUser({ FirstName: person.first, LastName: 'Tester', Email: person.email, Role: person.role, ...person.tenant }, { password: PASSWORD });
    }
  },
});

// The administrator sets two-factor sign-in up at the first sign-in and types the code after it.
const signInAdmin = adminSignIn(PASSWORD);
// Typing a code may first wait up to 10 s for a fresh one (freshTotpCode), on top of a busy machine's screens.
jest.setTimeout(90_000);
const signIn = (page: Page, email: string) => (email === people.admin.email ? signInAdmin(page, email) : fillSignIn(page, email, PASSWORD));

it('finds no WCAG 2.1 AA violation on the sign-in screens', async () => {
  const page = await portal.page('/login', { bypassCSP: true });
  await page.getByRole('button', { name: 'Login' }).waitFor();
  expect(await wcagViolations(page)).toEqual([]);
  await page.goto('/password-recovery');
  await page.getByRole('heading').first().waitFor();
  expect(await wcagViolations(page)).toEqual([]);
});

it('finds no WCAG 2.1 AA violation in the error dialog', async () => {
  // A director whose record lost its clinic: the History load fails and the dialog of spec 8 shows.
  const page = await portal.page('/login', { bypassCSP: true });
  await signIn(page, people.orphan.email);
  await page.getByRole('button', { name: people.orphan.first }).waitFor();
  await page.goto('/history');
  await page.getByRole('dialog').getByText('You do not have the permission to execute this operation').waitFor();
  expect(await wcagViolations(page)).toEqual([]);
});

it.each([
  ['director', ['/patients', '/addPatient', '/history']],
  ['admin', ['/sp', '/clinics', '/devices', '/users', '/settings', '/history']],
] as const)(
  'finds no WCAG 2.1 AA violation on the screens of the %s',
  async (who, screens) => {
    const page = await portal.page('/login', { bypassCSP: true });
    await signIn(page, people[who].email);
    await page.getByRole('button', { name: people[who].first }).waitFor();
    for (const screen of screens) {
      await page.goto(screen);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect({ screen, violations: await wcagViolations(page) }).toEqual({ screen, violations: [] });
    }
  },
  90_000,
);

it('finds no WCAG 2.1 AA violation on a device’s errors screen with its refused messages, nor in a payload shown', async () => {
  const page = await portal.page('/login', { bypassCSP: true });
  await signIn(page, people.admin.email);
  await page.getByRole('button', { name: people.admin.first }).waitFor();
  await page.goto(`/device/errors?deviceId=${refusing.deviceId}`);
  const refused = page.getByRole('table', { name: 'Refused messages' });
  await refused
    .getByRole('button', { name: /^Show the payload of the message received/ })
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  expect(await wcagViolations(page)).toEqual([]);
  await refused
    .getByRole('button', { name: /^Show the payload of the message received/ })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
  expect(await wcagViolations(page)).toEqual([]);
});
