import type { Page } from 'playwright-core';
import { createUser } from '@functions/services/users';
import { ROLES, type Role } from '@shared/roles';
import { wcagViolations } from '../support/axe';
import { englishTextsOfTheCatalogue } from '../support/catalogue';
import { adminSignIn, fillSignIn, usePortal } from '../support/browser';
import { createPatientWithDevice } from '../support/devices';

/**
 * Each role, signed in, switches to Hebrew in the user menu and walks its main screens: the page
 * turns right to left, shows Hebrew, and stays WCAG 2.1 AA clean (axe-core) in Chromium.
 */
const PASSWORD = 'Test!pass1';
const HEBREW = /[\u0590-\u05FF]/;
const seeded = { patientId: '' };

const emailOf = (role: Role) => `${role.toLowerCase()}@hebrew.example`;
const firstNameOf = (role: Role) => `First${role}`;

const portal = usePortal({
  seed: async () => {
    const { provider, clinic, patient } = await createPatientWithDevice();
    seeded.patientId = patient.UserID;
    for (const role of ROLES) {
      const tenant =
        role === 'LiberDiAdmin'
          ? {}
          : role === 'ServiceProviderAdmin'
            ? { ServiceProviderID: provider.ServiceProviderID }
            : { ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName };
      await createUser({ FirstName: firstNameOf(role), LastName: 'Tester', Email: emailOf(role), Role: role, ...tenant }, { password: PASSWORD });
    }
  },
});

const ENGLISH = englishTextsOfTheCatalogue();

/** The catalogue's English texts the page shows or names something by: none, once it is in Hebrew. */
async function englishShown(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) found.push(node.textContent ?? '');
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) found.push(element.getAttribute(name) ?? '');
    return found;
  });
  return [...new Set(texts.map((text) => text.trim()).filter((text) => ENGLISH.has(text)))];
}

const signInAdmin = adminSignIn(PASSWORD);
jest.setTimeout(180_000);

/** Each role's main screens: its navigation links, and for the clinicians a patient's tabs (tables, charts, the prescription editor). */
function screensOf(role: Role): string[] {
  const links: Record<Role, string[]> = {
    LiberDiAdmin: ['/sp', '/clinics', '/devices', '/users', '/settings'],
    ServiceProviderAdmin: ['/clinics', '/users', '/settings', '/myprofile'],
    ClinicAdmin: ['/users', '/myprofile'],
    ClinicDirector: ['/patients', '/addPatient'],
    Doctor: ['/patients', '/addPatient'],
    Nurse: ['/patients', '/addPatient'],
  };
  const patient = ['exchanges', 'prescription', 'visits', 'profile'].map((tab) => `/patient/${tab}?patientId=${seeded.patientId}`);
  return role === 'ClinicDirector' || role === 'Doctor' || role === 'Nurse' ? [...links[role], ...patient] : links[role];
}

async function switchToHebrew(page: Page, role: Role): Promise<void> {
  await page.getByRole('button', { name: firstNameOf(role) }).click();
  const hebrew = page.getByRole('menuitem', { name: 'עברית' });
  if (!(await hebrew.isVisible())) await page.getByRole('menuitem', { name: 'Language' }).click();
  await hebrew.click();
  await page.locator('html[dir="rtl"][lang="he"]').waitFor();
}

it.each(ROLES.map((role) => [role]))(
  '%s switches to Hebrew and walks its screens right to left, in Hebrew, axe clean',
  async (role) => {
    const page = await portal.page('/login', { bypassCSP: true });
    if (role === 'LiberDiAdmin' || role === 'ServiceProviderAdmin') await signInAdmin(page, emailOf(role));
    else await fillSignIn(page, emailOf(role), PASSWORD);
    await page.getByRole('button', { name: firstNameOf(role) }).waitFor();
    await switchToHebrew(page, role);

    for (const screen of screensOf(role)) {
      await page.goto(screen);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const shown = await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang, text: document.body.innerText }));
      expect({ screen, dir: shown.dir, lang: shown.lang }).toEqual({ screen, dir: 'rtl', lang: 'he' });
      expect({ screen, hebrew: HEBREW.test(shown.text) }).toEqual({ screen, hebrew: true });
      expect({ screen, english: await englishShown(page) }).toEqual({ screen, english: [] });
      expect({ screen, violations: await wcagViolations(page) }).toEqual({ screen, violations: [] });
    }

    // The choice was saved: a new browser signs in straight into Hebrew.
    const again = await portal.page('/login', { bypassCSP: true });
    if (role === 'LiberDiAdmin' || role === 'ServiceProviderAdmin') await signInAdmin(again, emailOf(role));
    else await fillSignIn(again, emailOf(role), PASSWORD);
    await again.locator('html[dir="rtl"]').waitFor();
    await again.getByRole('button', { name: firstNameOf(role) }).waitFor();
  },
  180_000,
);
