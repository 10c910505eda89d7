import { usePortal } from '../support/browser';

const portal = usePortal();

describe('the local portal in a real browser', () => {
  it('serves the web on one origin with its versions in the footer', async () => {
    const page = await portal.page('/');
    const footer = page.getByTestId('footer');
    await footer.waitFor();
    expect(await footer.innerText()).toContain('Frontend version 1.1.33');
    expect(await footer.innerText()).toContain('Backend version 1.1.5');
  });

  it("opens /login with nothing missing: no error in the console, Cloudscape's check of its CSS included", async () => {
    const context = await portal.browser.newContext({ baseURL: portal.stack.url });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(String(error)));
    context.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('load');
    // Cloudscape checks that its CSS is loaded a second after the page's load, once the page is idle.
    await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestIdleCallback(() => setTimeout(resolve, 200)), 1500)));
    expect(await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel=icon]')?.href.startsWith('data:image/svg+xml'))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the spec's not-found text for an unknown route", async () => {
    const page = await portal.page('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByTestId('not-found').innerText()).toBe('Sorry , this page not avaible');
  });

  it('answers API calls on the same origin, refusing them without a session', async () => {
    const page = await portal.page('/');
    const status = await page.evaluate(async () => (await fetch('/api/v1/webapp/general/d_update')).status);
    expect(status).toBe(401);
  });
});
