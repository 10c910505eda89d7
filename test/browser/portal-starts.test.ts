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
