import { createUser } from '@functions/services/users';
import { usePortal } from '../support/browser';

const PASSWORD = 'Test!pass1';
const IDLE_MS = 3000;

const portal = usePortal({
  idleTimeoutMs: IDLE_MS,
  seed: async () => {
    await createUser({ FirstName: 'Ida', LastName: 'Tester', Email: 'idle@idle.example', Role: 'Doctor' }, { password: PASSWORD });
  },
});

describe('idle sign-out', () => {
  it('keeps an active user signed in, and signs an idle one out to /login', async () => {
    const page = await portal.page('/login');
    await page.getByLabel('User ID').fill('idle@idle.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Accept Terms & Conditions').check();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/patients');

    // Activity (key downs and mouse downs) keeps the session past the idle time.
    for (let i = 0; i < 5; i++) {
      await page.waitForTimeout(IDLE_MS / 3);
      if (i % 2) await page.keyboard.press('Shift');
      else await page.mouse.down().then(() => page.mouse.up());
    }
    expect(new URL(page.url()).pathname).toBe('/patients');

    const started = Date.now();
    await page.waitForURL('**/login', { timeout: IDLE_MS * 3 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 500);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto('/patients');
    await page.waitForURL('**/login');
  });
});
