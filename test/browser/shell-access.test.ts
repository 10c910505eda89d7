import type { Page } from 'playwright-core';
import { createUser } from '@functions/services/users';
import { adminSignIn, fillSignIn, usePortal } from '../support/browser';
import { createTestClinic, createTestProvider } from '../support/devices';

const PASSWORD = 'Test!pass1';
const admin = { email: 'admin@shell.example', first: 'Ada' };
const nurse = { email: 'nurse@shell.example', first: 'Nora' };

const portal = usePortal({
  seed: async () => {
    const provider = await createTestProvider();
    // The provider's own admin: without a provider, /clinics answers 403 and its error dialog
    // covered the navigation whenever the answer beat the test's next click.
    await createUser(
      { FirstName: admin.first, LastName: 'Tester', Email: admin.email, Role: 'ServiceProviderAdmin', ServiceProviderID: provider.ServiceProviderID },
      { password: PASSWORD },
    );
    // A nurse of a clinic (an empty one): the patient list and the add-patient form read it.
    const clinic = await createTestClinic(provider.ServiceProviderID);
    await createUser(
      {
        FirstName: nurse.first,
        LastName: 'Tester',
        Email: nurse.email,
        Role: 'Nurse',
        ClinicID: clinic.ClinicID,
        ServiceProviderID: provider.ServiceProviderID,
      },
      { password: PASSWORD },
    );
  },
});

// The administrator sets two-factor sign-in up at the first sign-in and types the code after it.
const signInAdmin = adminSignIn(PASSWORD);
// Typing a code may first wait up to 10 s for a fresh one (freshTotpCode), on top of a busy machine's screens.
jest.setTimeout(90_000);
const signIn = (page: Page, email: string) => (email === admin.email ? signInAdmin(page, email) : fillSignIn(page, email, PASSWORD));

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

describe('the portal shell, as a person uses it', () => {
  it('sends a signed-out visitor to /login and back to the requested screen after sign-in', async () => {
    const page = await portal.page('/users?clinicId=c1');
    await page.waitForURL('**/login');
    await signIn(page, admin.email);
    await page.waitForURL('**/users?clinicId=c1');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
  });

  it("shows each role only its links and the not-found page for another role's route", async () => {
    const page = await portal.page('/login');
    await signIn(page, nurse.email);
    await page.waitForURL('**/patients');
    const navigation = page.getByTestId('navigation');
    expect(await navigation.getByRole('link').allInnerTexts()).toEqual(['Clinic', 'Patients List', 'Add Patient']);

    await navigation.getByRole('link', { name: 'Add Patient' }).click();
    await page.waitForURL('**/addPatient');
    await page.getByRole('heading', { name: 'Add Patient' }).waitFor();

    await page.goto('/clinics');
    expect(await page.getByTestId('not-found').innerText()).toBe('Sorry , this page not avaible');
    // Still signed in, in the shell: the visit changed nothing.
    await page.getByRole('button', { name: nurse.first }).waitFor();
    await page.goto('/login');
    await page.waitForURL('**/patients');
  });

  it('opens the about dialog with the product name and versions', async () => {
    const page = await portal.page('/login');
    await signIn(page, admin.email);
    await page.waitForURL('**/clinics');
    expect(await page.getByTestId('navigation').getByRole('link').allInnerTexts()).toEqual(['Administration', 'Clinics', 'Users', 'System Settings', 'admin']);
    await page.getByRole('button', { name: 'ABOUT' }).click();
    const about = page.getByTestId('about-dialog');
    await about.waitFor();
    expect(await about.innerText()).toContain('PD Clinic Portal');
    expect(await about.innerText()).toContain('Frontend version 1.1.33');
    expect(await about.innerText()).toContain('Backend version 1.1.5');
  });

  it('Log Out ends the session: back and reload stay at /login, and the old token is refused', async () => {
    const page = await portal.page('/login');
    await signIn(page, admin.email);
    await page.waitForURL('**/clinics');
    await page.getByTestId('navigation').getByRole('link', { name: 'System Settings' }).click();
    await page.waitForURL('**/settings');
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('pd-portal.session.signed-in') ?? '{}').token as string);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goBack();
    await page.waitForURL('**/login');
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(pathOf(page)).toBe('/login');

    const status = await page.evaluate(
      async (old) => (await fetch('/api/v1/webapp/general/d_update', { headers: { authorization: `Bearer ${old}` } })).status,
      token,
    );
    expect(status).toBe(401);
  });

  it('loads each screen with its own stylesheet and shows the product name whole at common widths', async () => {
    const page = await portal.page('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const stylesheets = () =>
      page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname));
    // /login needs only its own stylesheet; the signed-in screens bring theirs when they load.
    expect(await stylesheets()).toEqual(['/assets/main.css']);
    // The fonts are files of their own now: they must still arrive.
    const openSans = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((font) => font.family.replace(/"/g, '') === 'Open Sans' && font.status === 'loaded');
    });
    expect(openSans).toBe(true);
    await signIn(page, admin.email);
    await page.waitForURL('**/clinics');
    await page.getByRole('heading', { name: 'Clinics' }).waitFor();
    // The provider's clinic is listed, and no error dialog covers the screen.
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await stylesheets()).length).toBeGreaterThan(1);
    // Styled, not raw HTML: the side navigation's header is Cloudscape's bold heading.
    const weight = await page
      .getByTestId('navigation')
      .getByText('Administration')
      .evaluate((element) => getComputedStyle(element).fontWeight);
    expect(Number(weight)).toBeGreaterThanOrEqual(700);

    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      // The top navigation keeps an offscreen copy of itself for measuring: neither may be cut.
      const cuts = await page
        .getByTestId('top-bar')
        .getByText('PD Clinic Portal', { exact: true })
        .evaluateAll((titles) => titles.map((title) => title.scrollWidth > title.clientWidth));
      expect(cuts.length).toBeGreaterThan(0);
      expect({ width, cut: cuts.includes(true) }).toEqual({ width, cut: false });
    }
  });
});
