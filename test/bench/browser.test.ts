import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStack } from '@infra/local/stack';
import { measureBrowser, seedBrowserClinic } from '@bench/browser';

/**
 * The bench's browser part, reduced (one round on the slow line, a small clinic): every row is there
 * with a figure, the service worker precaches only once /login can be used, and the web meets the
 * goals a build decides (precache size, each screen's CSS).
 */
let stack: LocalStack;
let dataDir: string;
let result: Awaited<ReturnType<typeof measureBrowser>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pd-bench-browser-'));
  stack = await startLocalStack({ dataDir, port: 0, mqttPort: 0 });
  const seed = await seedBrowserClinic({ patients: 6, days: 20 });
  result = await measureBrowser({ stackUrl: stack.url, webDir: path.join(dataDir, 'web'), seed, loads: 1, profiles: [true] });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const row = (start: string) => {
  const found = result.rows.find((r) => r.name.startsWith(start));
  if (!found) throw new Error(`no row starting "${start}" in:\n${result.rows.map((r) => r.name).join('\n')}`);
  return found;
};

describe('the bench in a browser', () => {
  it('gives every row a finite figure', () => {
    for (const kind of ['cold', 'warm']) {
      for (const measure of [
        '/login Largest Contentful Paint',
        '/login form usable',
        '/patients first row',
        '/patients opened again',
        'patient exchanges table',
        'patient charts',
      ])
        expect(row(`Browser slow line, ${kind} (median of 1): ${measure}`).value).toEqual(expect.any(Number));
      for (const screen of ['/login', '/patients', 'patient screen'])
        expect(row(`Browser slow line, ${kind}: ${screen} KB transferred`).value).toEqual(expect.any(Number));
    }
    expect(result.rows.every((r) => r.value === null || Number.isFinite(r.value))).toBe(true);
    expect(row('Browser slow line, cold (median of 1): /login Largest Contentful Paint').value).toBeGreaterThan(0);
    expect(row('Browser slow line, cold: /login KB transferred').value).toBeGreaterThan(0);
  });

  // Lighthouse's device classes read the index: the slow line's is the machine's, slowed by its factor.
  it("says which device the slow line's CPU stands for", () => {
    const { unthrottled, slowed } = result.cpu;
    expect(row('Browser CPU, Lighthouse BenchmarkIndex: unthrottled').value).toBeGreaterThan(0);
    expect(row("Browser CPU, Lighthouse BenchmarkIndex: slowed 4× (the slow line's)").value).toBeGreaterThan(0);
    expect(slowed / unthrottled).toBeGreaterThan(0.1);
    expect(slowed / unthrottled).toBeLessThan(0.6);
  });

  // On the slow line the page's own files come slowly and the worker's at full speed: a worker
  // registered before the first screen is shown would begin its precache first.
  it('precaches only after /login can be used, and at most 2 MB', () => {
    const [run] = result.runs;
    expect(run!.precache[0]!.files).toBeGreaterThan(0);
    expect(run!.precache[0]!.firstAt).toBeGreaterThanOrEqual(run!.cold[0]!.usableAt);
    expect(row('Browser slow line: service worker precache').pass).toBe(true);
  });

  it("keeps each screen's CSS within 60 KB gzipped", () => {
    expect(row('Browser: CSS /login').pass).toBe(true);
    expect(row('Browser: CSS /patients').pass).toBe(true);
    expect(row("Browser: CSS a patient's screen").pass).toBe(true);
  });
});
