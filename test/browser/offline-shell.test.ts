import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { UserRecord } from '@functions/data/users-repository';
import * as messages from '@shared/messages';
import { buildServiceWorker } from '@web/build';
import { expectWcagClean } from '../support/axe';
import { clinicAndStaff } from '../support/admins';
import { TEST_PASSWORD } from '../support/api';
import { fillSignIn, usePortal } from '../support/browser';
import { createTestPatient } from '../support/devices';

/**
 * The offline shell in Chromium on the local stack: the service worker takes the page, the
 * connection drops, and the portal still opens with the offline notice, showing no patient data and
 * holding no API answer in its caches; a new build is run on the load after the worker found it.
 */
const offlineText = messages.widgets.offline;
const seeded = { nurse: undefined as unknown as UserRecord, patientName: 'Noa Offlinetest' };

const portal = usePortal({
  seed: async () => {
    const { clinic, doctor, nurse } = await clinicAndStaff('offline.example');
    await createTestPatient({ ClinicID_ref: clinic.ClinicID, DoctorID_ref: doctor.UserID, LastName: 'Offlinetest' });
    seeded.nurse = nurse;
  },
});

/** Waits until the page is controlled by an activated worker that installed (precached) everything. */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** The path of every request kept in any of the page's caches. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

describe('the offline shell', () => {
  it('opens offline with the offline notice, shows no patient data and keeps no API answer', async () => {
    const page = await portal.page('/login', { bypassCSP: true });
    await controlledByWorker(page);
    await expect(page.getByText(offlineText).count()).resolves.toBe(0);
    await fillSignIn(page, seeded.nurse.Email, TEST_PASSWORD);
    await page.waitForURL('**/patients');
    await page.getByText(seeded.patientName).waitFor();

    await page.context().setOffline(true);
    await page.getByText(offlineText).waitFor();
    await page.reload();
    // The shell came from the worker's cache: top bar and notice; the list's call failed as any failed call does.
    await page.getByTestId('top-bar').waitFor();
    await page.getByRole('status').filter({ hasText: offlineText }).waitFor();
    await page.getByRole('dialog').filter({ hasText: 'Error' }).waitFor();
    await expect(page.getByText(seeded.patientName).count()).resolves.toBe(0);

    const cached = await cachedPaths(page);
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/assets/main.js', '/assets/main.css', '/config.json']));
    expect(cached.filter((pathname) => pathname.startsWith('/api/') || pathname.startsWith('/local/'))).toEqual([]);

    // Another screen opened offline in a new tab (not signed in there): /login from the cache, with the notice.
    const tab = await page.context().newPage();
    await tab.goto('/login');
    await tab.getByRole('button', { name: 'Login' }).waitFor();
    await tab.getByText(offlineText).waitFor();
    await expectWcagClean(tab, 'login, offline');

    await page.context().setOffline(false);
    await tab.getByRole('button', { name: 'Login' }).waitFor();
    await tab.getByText(offlineText).waitFor({ state: 'detached' });
  });

  // Runs last: it changes the stack's built web as a deployment would.
  it('runs a new build on the load after the worker found it', async () => {
    const page = await portal.page('/login');
    await controlledByWorker(page);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const build = () => page.evaluate(() => document.documentElement.dataset.build ?? 'first');
    expect(await build()).toBe('first');

    // Asked for again on every load, so a browser sees a new deployment at once.
    expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

    // A new deployment: a changed asset, and the worker with the manifest of the files now there.
    const webDir = path.join(portal.stack.dataDir, 'web');
    appendFileSync(path.join(webDir, 'assets', 'main.js'), "\ndocument.documentElement.dataset.build = 'next';\n");
    await buildServiceWorker(webDir);

    // The next navigation checks sw.js (no-cache) and installs the new worker, which takes over at once.
    await page.reload();
    await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      await registration.update();
      while (registration.installing || registration.waiting || registration.active?.state !== 'activated')
        await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await build()).toBe('next');
  });
});
