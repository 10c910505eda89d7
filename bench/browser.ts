/**
 * What a nurse waits for, measured in Chromium (playwright-core, as the browser tests drive it):
 * /login, /patients after sign-in and a patient's exchanges, each a cold first visit and a warm
 * returning one, on a slow clinic line (CPU and network throttled through the DevTools protocol)
 * and unthrottled; and what the service worker precaches. The portal is served through a proxy
 * that gzips the web's files as CloudFront does (the local server sends them as they are), and
 * which sees every request, the worker's too.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '@infra/local/chromium';
import { TABLE_NAME } from '../infra/local/stack';
import { DAY_MS } from '../shared/time';
import { buildWeb } from '../web/build';
import { rawSeedExchangeHistory } from './adapters';
import { BENCH_PASSWORD, createBenchPatient, createProviderWithClinics, createStaff, exchangeReport, ingestDirectly, type BenchClinic } from './fixtures';
import { limitRow, shownRow, type BenchRow } from './report';

const KB = 1024;

/** A slow clinic line: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, a CPU four times slower. */
export const SLOW_LINE = { downloadBitsPerSecond: 1.6e6, uploadBitsPerSecond: 750e3, latencyMs: 150, cpuSlowdown: 4 } as const;

export interface BrowserSeed {
  email: string;
  password: string;
  /** The patient with a year of exchanges. */
  patientId: string;
  patients: number;
  exchanges: number;
}

/**
 * A clinic of `patients` patients and a nurse, one patient with `days` days of exchanges (four a
 * day): the bulk written as the Exchange entity's items, the last day through ingest, so the
 * patient has an open visit as a real one does.
 */
export async function seedBrowserClinic(options: { patients: number; days: number; log?: (line: string) => void }): Promise<BrowserSeed> {
  const [clinic] = (await createProviderWithClinics('Bench Browser Care', 1)) as [BenchClinic];
  const doctor = await createStaff(clinic, 'Doctor', 'browser-doctor@bench.example');
  const nurse = await createStaff(clinic, 'Nurse', 'browser-nurse@bench.example');
  const history = await createBenchPatient(clinic, doctor.userId, true);
  for (let i = 1; i < options.patients; i += 4)
    await Promise.all(Array.from({ length: Math.min(4, options.patients - i) }, () => createBenchPatient(clinic, doctor.userId, false)));
  const serial = history.serialNumber!;
  const start = Date.now() - options.days * DAY_MS;
  const reports = Array.from({ length: options.days * 4 }, (_, n) =>
    exchangeReport(serial, new Date(start + Math.floor(n / 4) * DAY_MS + (7 + 5 * (n % 4)) * 3600_000)),
  );
  const ingested = reports.splice(-4);
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  await rawSeedExchangeHistory(
    { doc, tableName: TABLE_NAME },
    { patientId: history.patientId, deviceId: history.deviceId!, serialNumber: serial, clinicId: clinic.clinicId, serviceProviderId: clinic.serviceProviderId },
    reports,
  );
  for (const report of ingested) await ingestDirectly(serial, report);
  options.log?.(`browser clinic: ${options.patients} patients, one with ${reports.length + ingested.length} exchanges`);
  return {
    email: nurse.email,
    password: BENCH_PASSWORD,
    patientId: history.patientId,
    patients: options.patients,
    exchanges: reports.length + ingested.length,
  };
}

/** One request the proxy answered: when it came (epoch ms), its path, the bytes sent back, and whether the service worker precached it. */
interface Served {
  at: number;
  path: string;
  bytes: number;
  precache: boolean;
}

const COMPRESSED = /^(text\/|application\/(javascript|json)|image\/svg)/;

/**
 * An HTTP proxy in front of the portal that gzips the web's files (not the API's answers, which
 * the API gateway sends as they are) and records what it served; WebSocket upgrades pass through.
 */
export async function startGzipProxy(target: string): Promise<{ url: string; served: Served[]; close(): Promise<void> }> {
  const upstream = new URL(target);
  const served: Served[] = [];
  // The portal answers only its own host and origin (it refuses others, as a guard against DNS rebinding).
  const sameOrigin = (headers: http.IncomingHttpHeaders) => ({ host: upstream.host, ...(headers.origin ? { origin: upstream.origin } : {}) });
  const server = http.createServer((req, res) => {
    const at = Date.now();
    const url = req.url ?? '/';
    // The worker fetches what it precaches with fetch() (no destination); the page fetch()es only the API and its config.
    const precache = req.headers['sec-fetch-dest'] === 'empty' && !url.startsWith('/api/') && !url.startsWith('/config.json');
    const headers = { ...req.headers, ...sameOrigin(req.headers) };
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        const headers = { ...answer.headers };
        const type = String(headers['content-type'] ?? '');
        if (!url.startsWith('/api/') && COMPRESSED.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 1024) {
          body = gzipSync(body);
          headers['content-encoding'] = 'gzip';
          headers.vary = 'accept-encoding';
        }
        delete headers['transfer-encoding'];
        headers['content-length'] = String(body.length);
        res.writeHead(answer.statusCode ?? 502, headers).end(body);
        served.push({ at, path: url.split('?')[0]!, bytes: body.length, precache });
      });
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const to = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [name, value] of Object.entries({ ...req.headers, ...sameOrigin(req.headers) }))
        for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) lines.push(`${name}: ${one}`);
      to.write(`${lines.join('\r\n')}\r\n\r\n`);
      to.write(head);
      socket.pipe(to).pipe(socket);
    });
    to.on('error', () => socket.destroy());
    socket.on('error', () => to.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://localhost:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * In every page: the last click's time, on the page's clock, to time "after sign-in" from the Login
 * click; and the moment /login became usable (the Login button enabled, its fields editable),
 * checked on every change of the page so that it is exact, not a poll's later look.
 */
const PAGE_CLOCKS = `
addEventListener('click', (event) => { window.__lastClick = event.timeStamp; }, true);
new MutationObserver((_, observer) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Login');
  const fields = [...document.querySelectorAll('input[type=email], input[type=text], input[type=password]')];
  const usable = button && !button.disabled && button.getAttribute('aria-disabled') !== 'true' && fields.length >= 2 && fields.every((f) => !f.disabled && !f.readOnly);
  if (!usable) return;
  window.__loginUsable = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true, attributes: true });
`;

/** The last Largest Contentful Paint of the page, in ms from its navigation. */
const largestContentfulPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 2000);
      }),
  );

/** Ms from the page's navigation to when /login could be used (PAGE_CLOCKS). */
const loginUsable = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as { __loginUsable?: number }).__loginUsable ?? false, undefined, { polling: 50, timeout: 60_000 })
    .then(async (handle) => (await handle.jsonValue()) as number);

/** What counts as a patient's screen shown: its table's first row dated as an exchange is, then a chart's line. */
export const PATIENT_SHOWN = { row: 'table tbody tr', dated: /\d\d\/\d\d\/\d\d \d\d:\d\d/, chartLine: 'path.recharts-line-curve' } as const;

/** Ms from the page's navigation until `selector` matches an element whose text matches `text`. */
export const shown = (page: Page, selector: string, text?: RegExp) =>
  page
    .waitForFunction(
      ([sel, source]) => {
        const pattern = source === undefined ? undefined : new RegExp(source);
        const found = [...document.querySelectorAll(sel)].some((el) => !pattern || pattern.test(el.textContent ?? ''));
        return found ? performance.now() : false;
      },
      [selector, text?.source] as const,
      { polling: 20, timeout: 60_000 },
    )
    .then(async (handle) => (await handle.jsonValue()) as number);

/** The stylesheets the page has loaded, gzipped, from the built web. */
async function cssGzipBytes(page: Page, webDir: string): Promise<number> {
  const hrefs = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => new URL(link.href).pathname));
  const sizes = await Promise.all(hrefs.map(async (href) => gzipSync(await readFile(path.join(webDir, href))).length));
  return sizes.reduce((a, b) => a + b, 0);
}

/** Puts the page of a DevTools session on the slow line: its network and its CPU. */
export async function onSlowLine(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_LINE.latencyMs,
    downloadThroughput: SLOW_LINE.downloadBitsPerSecond / 8,
    uploadThroughput: SLOW_LINE.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_LINE.cpuSlowdown });
}

/**
 * Lighthouse's BenchmarkIndex of the page's CPU: how many times a second it builds a 10,000-character
 * string and copies 100,000 integers between two arrays (each counted over half a second, divided by
 * ten, the two averaged). Lighthouse's table of device classes reads it: 1,000 and above a desktop,
 * 800 a high-end phone, 125 to 800 a mid-tier phone. Measured the way Lighthouse defines it, so the
 * bench's "CPU slowed 4×" says which device it stands for on the machine that ran it.
 */
const BENCHMARK_INDEX = `(() => {
  const perSecond = (run, every) => {
    const start = Date.now();
    let rounds = 0;
    while (rounds % every !== 0 || Date.now() - start < 500) {
      run(rounds);
      rounds += 1;
    }
    return Math.round(rounds / 10 / ((Date.now() - start) / 1000));
  };
  const strings = perSecond(() => {
    let text = '';
    for (let i = 0; i < 10000; i += 1) text += 'a';
    if (text.length === 1) throw new Error('kept so that the loop is not optimized away');
  }, 1);
  const a = Array.from({ length: 100000 }, (_, i) => i);
  const b = [...a];
  const copies = perSecond((round) => {
    const [from, to] = round % 2 ? [b, a] : [a, b];
    for (let i = 0; i < from.length; i += 1) to[i] = from[i];
  }, 10);
  return (strings + copies) / 2;
})()`;

/** The BenchmarkIndex of a blank page's CPU, as it runs and slowed as the slow line slows it. */
export async function cpuClass(browser: Browser): Promise<{ unthrottled: number; slowed: number }> {
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    const index = async (rate: number) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      return page.evaluate<number>(BENCHMARK_INDEX);
    };
    // The first run warms the engine up, as Lighthouse's does.
    await index(1);
    return { unthrottled: await index(1), slowed: await index(SLOW_LINE.cpuSlowdown) };
  } finally {
    await page.close();
  }
}

async function throttledPage(context: BrowserContext, throttled: boolean): Promise<Page> {
  const page = await context.newPage();
  if (throttled) await onSlowLine(await page.context().newCDPSession(page));
  return page;
}

/** One visit's figures: ms from navigation (the list: from the Login click) and bytes the proxy sent the page. */
interface Visit {
  loginLcp: number;
  loginUsable: number;
  loginBytes: number;
  firstRow: number;
  /** /patients opened again, signed in: ms from its navigation to the first row. */
  reopened: number;
  patientsBytes: number;
  table: number;
  charts: number;
  patientBytes: number;
  /** Epoch ms of when /login became usable. */
  usableAt: number;
  css: { login: number; patients: number; patient: number };
}

async function visit(
  context: BrowserContext,
  throttled: boolean,
  target: { url: string; served: Served[]; webDir: string; seed: BrowserSeed },
): Promise<Visit> {
  const page = await throttledPage(context, throttled);
  const bytesSince = (from: number) => target.served.slice(from).reduce((sum, s) => sum + (s.precache ? 0 : s.bytes), 0);
  try {
    let mark = target.served.length;
    await page.goto(`${target.url}/login`);
    const usable = await loginUsable(page);
    const origin = await page.evaluate(() => performance.timeOrigin);
    const lcp = await largestContentfulPaint(page);
    await page.waitForLoadState('networkidle');
    const loginBytes = bytesSince(mark);
    const loginCss = await cssGzipBytes(page, target.webDir);

    mark = target.served.length;
    await page.getByLabel('User ID').fill(target.seed.email);
    await page.getByLabel('Password').fill(target.seed.password);
    await page.getByLabel('Accept Terms & Conditions').check();
    await page.getByRole('button', { name: 'Login' }).click();
    const rowAt = await shown(page, 'table tbody tr', /Bench/);
    const clickedAt = await page.evaluate(() => (window as unknown as { __lastClick: number }).__lastClick);
    await page.waitForLoadState('networkidle');
    const patientsBytes = bytesSince(mark);
    const patientsCss = await cssGzipBytes(page, target.webDir);
    // Opened again in the signed-in tab (the session lives as long as the tab): the list without signing in.
    await page.reload();
    const reopened = await shown(page, 'table tbody tr', /Bench/);

    mark = target.served.length;
    await page.goto(`${target.url}/patient/exchanges?patientId=${target.seed.patientId}`);
    const table = await shown(page, PATIENT_SHOWN.row, PATIENT_SHOWN.dated);
    const charts = await shown(page, PATIENT_SHOWN.chartLine);
    await page.waitForLoadState('networkidle');
    const patientBytes = bytesSince(mark);
    const patientCss = await cssGzipBytes(page, target.webDir);
    return {
      loginLcp: lcp,
      loginUsable: usable,
      loginBytes,
      firstRow: rowAt - clickedAt,
      reopened,
      patientsBytes,
      table,
      charts,
      patientBytes,
      usableAt: origin + usable,
      css: { login: loginCss, patients: patientsCss, patient: patientCss },
    };
  } finally {
    await page.close();
  }
}

/** What the worker fetched to precache in a context's first visit: bytes, files, and when it began. */
interface Precache {
  bytes: number;
  files: number;
  firstAt: number;
}

export async function workerReady(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${url}/login`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      while (registration.active?.state !== 'activated') await new Promise((resolve) => setTimeout(resolve, 50));
    });
  } finally {
    await page.close();
  }
}

export interface BrowserRun {
  throttled: boolean;
  cold: Visit[];
  warm: Visit[];
  precache: Precache[];
}

/**
 * `loads` rounds per profile: each a new browser context (empty cache, no worker) visiting cold,
 * then, once the worker is active, visiting again warm (a new tab, as a returning nurse opens one).
 */
export async function measureBrowser(options: {
  stackUrl: string;
  webDir: string;
  seed: BrowserSeed;
  loads: number;
  profiles: boolean[];
  log?: (line: string) => void;
}): Promise<{ runs: BrowserRun[]; cpu: { unthrottled: number; slowed: number }; rows: BenchRow[] }> {
  // The production build, as CloudFront serves it: minified, no source maps.
  await buildWeb({ outdir: options.webDir, minify: true });
  const proxy = await startGzipProxy(options.stackUrl);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const cpu = await cpuClass(browser);
    const runs: BrowserRun[] = [];
    for (const throttled of options.profiles) {
      const run: BrowserRun = { throttled, cold: [], warm: [], precache: [] };
      for (let n = 0; n < options.loads; n += 1) {
        const context = await browser.newContext();
        await context.addInitScript(PAGE_CLOCKS);
        try {
          const mark = proxy.served.length;
          const target = { url: proxy.url, served: proxy.served, webDir: options.webDir, seed: options.seed };
          run.cold.push(await visit(context, throttled, target));
          await workerReady(context, proxy.url);
          const fetched = proxy.served.slice(mark).filter((s) => s.precache);
          run.precache.push({ bytes: fetched.reduce((sum, s) => sum + s.bytes, 0), files: fetched.length, firstAt: Math.min(...fetched.map((s) => s.at)) });
          run.warm.push(await visit(context, throttled, target));
        } finally {
          await context.close();
        }
        options.log?.(`browser: ${throttled ? 'throttled' : 'unthrottled'} round ${n + 1} of ${options.loads}`);
      }
      runs.push(run);
    }
    const cpuRows = [
      shownRow('Browser CPU, Lighthouse BenchmarkIndex: unthrottled', cpu.unthrottled),
      shownRow(`Browser CPU, Lighthouse BenchmarkIndex: slowed ${SLOW_LINE.cpuSlowdown}× (the slow line's)`, cpu.slowed),
    ];
    return { runs, cpu, rows: [...cpuRows, ...browserRows(runs)] };
  } finally {
    await browser?.close();
    await proxy.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The rows: on the slow line, cold /login LCP and the first row of /patients judged against the
 * web's "good" thresholds and every warm load against 1 s; unthrottled, shown. Bytes, shown; the
 * precache judged by its size and by starting only once /login could be used; each screen's CSS
 * judged by its gzipped size.
 */
export function browserRows(runs: BrowserRun[]): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const run of runs) {
    const profile = run.throttled ? 'slow line' : 'unthrottled';
    const n = run.cold.length;
    for (const [kind, visits] of [
      ['cold', run.cold],
      ['warm', run.warm],
    ] as const) {
      const m = (pick: (v: Visit) => number) => median(visits.map(pick));
      const timed = (name: string, value: number, coldLimit?: number) => {
        const label = `Browser ${profile}, ${kind} (median of ${n}): ${name} ms`;
        if (!run.throttled) return shownRow(label, value);
        // Warm: the returning visit's own loads; signing in is round trips to the identity service, not a load.
        if (kind === 'warm') return name.includes('Login click') ? shownRow(label, value) : limitRow(label, value, 1000, ' ms');
        return coldLimit === undefined ? shownRow(label, value) : limitRow(label, value, coldLimit, ' ms');
      };
      rows.push(
        timed(
          '/login Largest Contentful Paint',
          m((v) => v.loginLcp),
          2500,
        ),
        timed(
          '/login form usable',
          m((v) => v.loginUsable),
        ),
        shownRow(`Browser ${profile}, ${kind}: /login KB transferred`, m((v) => v.loginBytes) / KB),
        timed(
          '/patients first row, from the Login click',
          m((v) => v.firstRow),
          3500,
        ),
        timed(
          '/patients opened again signed in, first row',
          m((v) => v.reopened),
          3500,
        ),
        shownRow(`Browser ${profile}, ${kind}: /patients KB transferred`, m((v) => v.patientsBytes) / KB),
        timed(
          'patient exchanges table',
          m((v) => v.table),
        ),
        timed(
          'patient charts',
          m((v) => v.charts),
        ),
        shownRow(`Browser ${profile}, ${kind}: patient screen KB transferred`, m((v) => v.patientBytes) / KB),
      );
    }
    const bytes = median(run.precache.map((p) => p.bytes));
    const files = median(run.precache.map((p) => p.files));
    rows.push(limitRow(`Browser ${profile}: service worker precache on the first visit, KB (${files} files)`, bytes / KB, 2048, ' KB'));
    const early = run.precache.map((p, i) => p.firstAt - run.cold[i]!.usableAt).filter((lead) => lead < 0);
    rows.push({
      name: `Browser ${profile}: precache fetches that began before /login was usable (of ${run.precache.length} first visits)`,
      value: early.length,
      floor: null,
      ratio: null,
      goal: 'none',
      pass: early.length === 0,
    });
  }
  const first = runs[0]?.cold[0];
  if (first) {
    rows.push(limitRow('Browser: CSS /login has loaded, gzipped KB', first.css.login / KB, 60, ' KB'));
    rows.push(limitRow('Browser: CSS /patients has loaded, gzipped KB', first.css.patients / KB, 60, ' KB'));
    rows.push(limitRow("Browser: CSS a patient's screen has loaded, gzipped KB", first.css.patient / KB, 60, ' KB'));
  }
  return rows;
}
