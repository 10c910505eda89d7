/**
 * Staff in Chromium during the run: each signs in through /login as a person does and keeps a
 * patient's exchanges screen open while that patient's device reports. The screen changes only by
 * the live notices (no reload), so each exchange's first appearance in an answer the page reads is
 * the time a nurse would see it; it is compared with the time the device had its acknowledgement.
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '@infra/local/chromium';
import { quantile } from '../bench/measure';
import type { LoadDevice } from './devices';
import type { RunLog } from './events';
import { LOAD_PASSWORD, type LoadStaff } from './tenants';

/** The idle sign-out counts key presses: a nurse watching the screen touches it now and then. */
const TOUCH_EVERY_MS = 60_000;
/** An exchange acknowledged this close to the end may not have reached the screen yet: not judged. */
export const SCREEN_GRACE_S = 10;

export interface ScreenFigures {
  staff: string;
  patientId: string;
  /** Exchanges of the patient acknowledged before the end's grace, and how many of them the screen showed. */
  acked: number;
  seen: number;
  /** Seconds from the device's acknowledgement to the screen's answer holding the exchange. */
  p50S: number;
  p95S: number;
  maxS: number;
  /** Uncaught errors in the page. */
  pageErrors: string[];
  /** Live notices the page received (web/src/lib/live.ts counts them on <html>). */
  notices: number;
}

interface Watch {
  page: Page;
  staff: LoadStaff;
  device: LoadDevice;
  seen: Map<string, number>;
  pageErrors: string[];
  touch: NodeJS.Timeout;
}

/** Opens `count` screens, each a Nurse or Doctor of a clinic watching one of its patients. */
export async function watchScreens(count: number, origin: string, staff: LoadStaff[], devices: LoadDevice[], run: RunLog) {
  const browser: Browser = await launchChromium();
  const watchers = staff.filter((person) => person.role === 'Nurse' || person.role === 'Doctor');
  const watches: Watch[] = [];
  try {
    for (const person of watchers.slice(0, count)) {
      const device = devices.find((candidate) => candidate.home.clinicId === person.clinic.clinicId && !watches.some((watch) => watch.device === candidate));
      if (device) watches.push(await openScreen(browser, origin, person, device, run));
    }
  } catch (error) {
    await browser.close();
    throw error;
  }
  return {
    watching: watches.length,
    /** Closes the pages and answers what each screen showed. */
    async stop(): Promise<ScreenFigures[]> {
      const end = run.now();
      const figures = await Promise.all(watches.map((watch) => figuresOf(watch, end)));
      for (const watch of watches) clearInterval(watch.touch);
      await browser.close();
      return figures;
    },
  };
}

async function openScreen(browser: Browser, origin: string, staff: LoadStaff, device: LoadDevice, run: RunLog): Promise<Watch> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const patientId = device.home.patientId;
  const seen = new Map<string, number>();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('response', (response) => {
    if (!response.url().includes(`/patients/${patientId}/getExchanges`) || response.status() !== 200) return;
    const t = run.now();
    response
      .json()
      .then((body: { exchanges?: Array<{ _id?: string }> }) => {
        for (const exchange of body.exchanges ?? []) if (exchange._id && !seen.has(exchange._id)) seen.set(exchange._id, t);
      })
      .catch(() => undefined);
  });
  await page.goto('/login');
  await page.getByLabel('User ID').fill(staff.email);
  await page.getByLabel('Password').fill(LOAD_PASSWORD);
  await page.getByLabel('Accept Terms & Conditions').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/patients', { timeout: 60_000 });
  await page.goto(`/patient/exchanges?patientId=${encodeURIComponent(patientId)}`);
  await page.waitForFunction(() => document.documentElement.dataset.liveState === 'Connected', undefined, { timeout: 60_000 });
  const touch = setInterval(() => void page.keyboard.press('Shift').catch(() => undefined), TOUCH_EVERY_MS);
  return { page, staff, device, seen, pageErrors, touch };
}

async function figuresOf(watch: Watch, end: number): Promise<ScreenFigures> {
  const acked = [...watch.device.ledger.values()].filter(
    (entry) => entry.kind === 'exchange' && entry.ackedAt !== undefined && entry.ackedAt < end - SCREEN_GRACE_S,
  );
  const waits = acked.flatMap((entry) => {
    const at = watch.seen.get(entry.id);
    return at === undefined ? [] : [Math.max(0, at - entry.ackedAt!)];
  });
  const notices = await watch.page.evaluate(() => Number(document.documentElement.dataset.liveNotices ?? '0')).catch(() => 0);
  const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 100) / 100 : n);
  return {
    staff: watch.staff.role,
    patientId: watch.device.home.patientId,
    acked: acked.length,
    seen: waits.length,
    p50S: round(quantile(waits, 0.5)),
    p95S: round(quantile(waits, 0.95)),
    maxS: round(Math.max(0, ...waits)),
    pageErrors: watch.pageErrors,
    notices,
  };
}
