import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../infra/local/chromium';
import { startLocalStack } from '../infra/local/stack';
import { buildWeb } from '../web/build';
import { onSlowLine, PATIENT_SHOWN, seedBrowserClinic, shown, startGzipProxy, workerReady, type BrowserSeed } from './browser';

/**
 * Where a screen's time goes on the bench's slow line: `npx tsx bench/timeline.ts [screen] [rounds] [--no-profile] [--react]`.
 * `login` (the default) loads /login cold, then warm (served by the service worker) `rounds` times;
 * `patients` reopens /patients signed in and `patient` opens a patient's exchanges, on the bench's
 * browser clinic (200 patients, one with a year of exchanges), `rounds` times each, warm. Each prints
 * when the screen was ready, its resources' timings and, warm, the CPU profile's heaviest scripts and
 * functions (`--react`: React's commits, see REACT_COMMITS; `--styles`: the style recalculations and
 * layouts, see styleSummary). A tool for reading, not a bench row:
 * `npm run bench -- --only browser` judges.
 */
const USABLE = `
new MutationObserver((_, observer) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Login');
  if (!button || button.disabled) return;
  window.__loginUsable = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true, attributes: true });
`;

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

async function profileSummary(cdp: CDPSession): Promise<string> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    const script = frame.url ? frame.url.replace(/.*\//, '') : `(${frame.functionName})`;
    const us = profile.timeDeltas[i] ?? 0;
    byScript.set(script, (byScript.get(script) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber}:${frame.columnNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${name} ${Math.round(us / 1000)} ms`);
  // The browser's own functions (a layout read, say) have no script: name who called the heaviest.
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const frameName = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/.*\//, '')}:${node.callFrame.lineNumber}`;
  const nativeCallers = new Map<string, Map<string, number>>();
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id)!;
    if (node.callFrame.url || !node.callFrame.functionName || node.callFrame.functionName.startsWith('(')) return;
    const chain: string[] = [];
    for (let parent = parentOf.get(id); parent !== undefined && chain.length < 4; parent = parentOf.get(parent)) chain.push(frameName(nodes.get(parent)!));
    const callers = nativeCallers.get(node.callFrame.functionName) ?? new Map<string, number>();
    callers.set(chain.join(' ← '), (callers.get(chain.join(' ← ')) ?? 0) + (profile.timeDeltas[i] ?? 0));
    nativeCallers.set(node.callFrame.functionName, callers);
  });
  const heaviestNative = [...nativeCallers]
    .map(([name, callers]) => ({ name, callers, us: [...callers.values()].reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.us - a.us)
    .slice(0, 3)
    .map(({ name, callers, us }) => `${name} ${Math.round(us / 1000)} ms, called by:\n      ${top(callers, 4).join('\n      ')}`);
  return `  by script: ${top(byScript, 10).join(', ')}\n  by function:\n    ${top(byFunction, 15).join('\n    ')}\n  the browser's functions:\n    ${heaviestNative.join('\n    ')}`;
}

/**
 * `--styles` traces each round with Chromium's invalidation tracking on and prints the style
 * recalculations and layouts of 3 ms or more: when they started, how long they took, how many
 * elements were styled; and, for each recalculation of 15 ms or more, what had invalidated the
 * styles since the last one, by reason, with the elements each reason touched and the script's
 * function that touched them. The tracking slows style work several times over: read the counts
 * and the causes, not the milliseconds.
 */
const STYLES = process.argv.includes('--styles');
const STYLE_CATEGORIES = [
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.invalidationTracking',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    elementCount?: number;
    data?: { documentLoaderURL?: string; nodeName?: string; reason?: string; stackTrace?: Array<{ functionName?: string; url?: string }> };
  };
}

/** "DIV class='awsui_utility-wrapper_k5dlb_1cn17_161 …'" as `div.utility-wrapper`: the tag and the first class without Cloudscape's hashes. */
const shortNode = (name = '?') => {
  const [, tag = name, first] = /^(\S+)(?: class='([^' ]+))?/.exec(name) ?? [];
  return `${tag.toLowerCase()}${first ? `.${first.replace(/^awsui_/, '').replace(/_[a-z0-9]{5}_[a-z0-9]{5}_\d+$/, '')}` : ''}`;
};

function styleSummary(trace: Buffer, url: string): string {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  // The trace holds the browser's other pages too (a new tab's blank page, the worker's): the page's
  // main thread is the one that marked the start of the navigation to its URL, the last one.
  const navigation = traceEvents
    .filter((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL === url)
    .sort((a, b) => b.ts - a.ts)[0];
  if (!navigation) return `  styles: no navigation to ${url} in the trace`;
  const onMain = traceEvents
    .filter((event) => event.pid === navigation.pid && event.tid === navigation.tid && event.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts);
  const at = (event: TraceEvent) => Math.round((event.ts - navigation.ts) / 1000);
  const ms = (event: TraceEvent) => Math.round((event.dur ?? 0) / 1000);
  const work = onMain.filter((event) => event.ph === 'X' && (event.name === 'UpdateLayoutTree' || event.name === 'Layout'));
  const total = (name: string) => Math.round(work.filter((event) => event.name === name).reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000);
  const invalidations = onMain.filter((event) => /^Style(Recalc|Invalidator)InvalidationTracking$/.test(event.name));
  const lines: string[] = [];
  let since = navigation.ts;
  for (const event of work) {
    const elements = event.name === 'UpdateLayoutTree' ? `, ${event.args?.elementCount ?? '?'} elements` : '';
    if ((event.dur ?? 0) >= 3000) lines.push(`    ${event.name === 'Layout' ? 'layout' : 'style'} at ${at(event)} ms, ${ms(event)} ms${elements}`);
    if (event.name !== 'UpdateLayoutTree') continue;
    if ((event.dur ?? 0) >= 15_000) {
      // By reason, each with the elements it touched most: a reason touching one element (a custom property
      // written on `main`) can restyle more of the page than one touching many.
      const causes = new Map<string, Map<string, number>>();
      for (const invalidation of invalidations) {
        if (invalidation.ts < since || invalidation.ts >= event.ts) continue;
        const data = invalidation.args?.data ?? {};
        const frame = data.stackTrace?.[0];
        const node = `${shortNode(data.nodeName)}${frame ? ` (${frame.functionName || '(anonymous)'} in ${String(frame.url).replace(/.*\//, '')})` : ''}`;
        const nodes = causes.get(data.reason ?? '?') ?? new Map<string, number>();
        nodes.set(node, (nodes.get(node) ?? 0) + 1);
        causes.set(data.reason ?? '?', nodes);
      }
      for (const [reason, nodes] of causes) {
        const top = [...nodes].sort((a, b) => b[1] - a[1]).slice(0, 3);
        lines.push(`      ${reason}: ${top.map(([node, count]) => `${count}× ${node}`).join(', ')}${nodes.size > 3 ? ', …' : ''}`);
      }
    }
    since = event.ts + (event.dur ?? 0);
  }
  return `  styles (traced): ${total('UpdateLayoutTree')} ms of style, ${total('Layout')} ms of layout\n${lines.join('\n')}`;
}

/** Runs `work` with the page traced for styleSummary when `--styles` asks. */
async function styleTraced<T>(page: Page, work: () => Promise<T>): Promise<{ value: T; styles: string }> {
  if (!STYLES) return { value: await work(), styles: '' };
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: STYLE_CATEGORIES });
  const value = await work();
  return { value, styles: `\n${styleSummary(await browser.stopTracing(), page.url())}` };
}

/** The resources since the page's navigation, each as `start–end ms path (bytes)`. */
const resourceTimeline = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (entry) => `${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ms ${new URL(entry.name).pathname} (${entry.transferSize} B)`,
    ),
  );

/**
 * `--react` builds with React's profiler on (`buildWeb({ profileReact })`) and stands in for React's
 * developer tools, whose hook React calls at each commit: for each commit it keeps the time React
 * spent rendering (the root's `actualDuration`) and each component's own share of it (a fiber's
 * duration less its children's), counting only the fibers React worked on in that commit (begun
 * at or after the root). A DOM element, a text or a component without a name is counted under the
 * nearest named component above it. Each commit also names what asked for it: the components whose
 * state changed (a Cloudscape part measuring itself once drawn shows up here).
 * The profiling build is slower than the shipped one: read the shares, not the milliseconds.
 */
const REACT = process.argv.includes('--react');
const REACT_COMMITS = `
window.__reactCommits = [];
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject(renderer) { this.renderers.set(this.renderers.size + 1, renderer); return this.renderers.size; },
  checkDCE() {},
  onScheduleFiberRoot() {},
  onCommitFiberUnmount() {},
  onPostCommitFiberRoot() {},
  onCommitFiberRoot(_id, root) {
    const rootFiber = root.current;
    const since = rootFiber.actualStartTime;
    const worked = (fiber) => fiber.actualStartTime >= since;
    const own = new Map();
    const stack = [[rootFiber.child, 'App']];
    while (stack.length) {
      const [fiber, owner] = stack.pop();
      if (!fiber) continue;
      stack.push([fiber.sibling, owner]);
      if (!worked(fiber)) continue;
      const type = fiber.type;
      const name = type && typeof type !== 'string'
        ? type.displayName || type.name || (type.render && (type.render.displayName || type.render.name)) || (type.type && (type.type.displayName || type.type.name))
        : undefined;
      stack.push([fiber.child, name || owner]);
      let self = fiber.actualDuration;
      for (let child = fiber.child; child; child = child.sibling) if (worked(child)) self -= child.actualDuration;
      own.set(name || owner, (own.get(name || owner) || 0) + self);
    }
    // Who asked for this commit: the fibers whose state changed (React's profiling build keeps them
    // for the developer tools), each with the nearest component above it that a screen names.
    const named = (fiber) => {
      const type = fiber.type;
      if (!type || typeof type === 'string') return undefined;
      return type.displayName || type.name || (type.render && (type.render.displayName || type.render.name)) || (type.type && (type.type.displayName || type.type.name));
    };
    const updaters = [...(root.memoizedUpdaters || [])].map((fiber) => {
      let owner = fiber.return;
      while (owner && !(named(owner) && !/^(Internal|Analytics|WithNativeAttributes)/.test(named(owner)))) owner = owner.return;
      return (named(fiber) || (typeof fiber.type === 'string' ? fiber.type : 'an unnamed component')) + ' in ' + (owner ? named(owner) : 'App');
    });
    window.__reactCommits.push({ at: performance.now(), ms: rootFiber.actualDuration, own: [...own].sort((a, b) => b[1] - a[1]).slice(0, 8), updaters });
  },
};
`;

/** The commits React made in the page, each with the components that took most of its render. */
async function reactSummary(page: Page): Promise<string> {
  if (!REACT) return '';
  const commits = await page.evaluate(
    () => (window as unknown as { __reactCommits: { at: number; ms: number; own: [string, number][]; updaters: string[] }[] }).__reactCommits,
  );
  return `\n  React commits (profiling build):\n${commits
    .filter((commit) => commit.ms >= 5)
    .map(
      (commit) =>
        `    at ${Math.round(commit.at)} ms, rendered ${Math.round(commit.ms)} ms: ${commit.own.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ')}${
          commit.updaters.length ? `\n      updated by: ${[...new Set(commit.updaters)].join(', ')}` : ''
        }`,
    )
    .join('\n')}`;
}

/**
 * `--no-profile` times the rounds without the CPU profiler, whose start for the new page takes the
 * main thread inside the timed window: profiled rounds are slower than the page is (docs/web.md,
 * "The profile read again, the portal drawn again"). Compare like with like.
 */
const PROFILING = !process.argv.includes('--no-profile');

/**
 * `--tasks` prints the page's long tasks (50 ms or more, as Chromium reports them) and when the
 * screen's first dated row and first chart line were put into the page, which comes before the
 * bench's poll can count them: the gap is the work the page does after React commits them.
 */
const TASKS = process.argv.includes('--tasks');
const TASK_PROBE = `
window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]); })
  .observe({ type: 'longtask', buffered: true });
new MutationObserver((_, observer) => {
  if (!window.__rowInPage && [...document.querySelectorAll(${JSON.stringify(PATIENT_SHOWN.row)})].some((row) => new RegExp(${JSON.stringify(PATIENT_SHOWN.dated.source)}).test(row.textContent))) window.__rowInPage = performance.now();
  if (!window.__lineInPage && document.querySelector(${JSON.stringify(PATIENT_SHOWN.chartLine)})) { window.__lineInPage = performance.now(); observer.disconnect(); }
}).observe(document, { childList: true, subtree: true });
`;

async function taskSummary(page: Page): Promise<string> {
  if (!TASKS) return '';
  const { tasks, row, line, marks } = await page.evaluate(() => {
    const probe = window as unknown as { __longTasks: [number, number][]; __rowInPage?: number; __lineInPage?: number };
    return {
      tasks: probe.__longTasks,
      row: probe.__rowInPage,
      line: probe.__lineInPage,
      marks: performance
        .getEntriesByType('mark')
        .map((m) => `${m.name} ${Math.round(m.startTime)}`)
        .join(', '),
    };
  });
  const list = tasks.map(([start, ms]) => `${Math.round(start)}+${Math.round(ms)}`).join(', ');
  return `\n  dated row put in at ${Math.round(row ?? NaN)} ms, first chart line at ${Math.round(line ?? NaN)} ms\n  long tasks (start+ms): ${list}\n  marks: ${marks}`;
}

async function profiled<T>(cdp: CDPSession, work: () => Promise<T>): Promise<{ value: T; profile: string }> {
  if (!PROFILING) return { value: await work(), profile: '' };
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const value = await work();
  return { value, profile: await profileSummary(cdp) };
}

async function loginTimeline(context: BrowserContext, url: string, rounds: number): Promise<void> {
  await context.addInitScript(USABLE);
  const visit = async (label: string, profiling: boolean) => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await onSlowLine(cdp);
    const usable = async () => {
      await page.goto(`${url}/login`);
      await page.waitForFunction(() => (window as unknown as { __loginUsable?: number }).__loginUsable, undefined, { polling: 50 });
    };
    const { value: profile, styles } = await styleTraced(page, async () => {
      let timed = '';
      if (profiling) ({ profile: timed } = await profiled(cdp, usable));
      else await usable();
      await page.waitForTimeout(1000);
      return timed;
    });
    const timeline = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const usable = (window as unknown as { __loginUsable: number }).__loginUsable;
      return `usable ${Math.round(usable)} ms, first contentful paint ${Math.round(paint)} ms, DOMContentLoaded ${Math.round(navigation.domContentLoadedEventEnd)} ms`;
    });
    console.log(`${label}: ${timeline}\n  ${(await resourceTimeline(page)).join('\n  ')}${profile ? `\n${profile}` : ''}${await reactSummary(page)}${styles}`);
    await page.close();
  };
  await visit('cold', false);
  await workerReady(context, url);
  for (let round = 1; round <= rounds; round += 1) await visit(`warm ${round}`, true);
}

/** Signs in once unthrottled; then, in that tab (the session lives in it), each round warm on the slow line. */
async function screenTimeline(context: BrowserContext, url: string, screen: 'patients' | 'patient', rounds: number, seed: BrowserSeed): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('User ID').fill(seed.email);
  await page.getByLabel('Password').fill(seed.password);
  await page.getByLabel('Accept Terms & Conditions').check();
  await page.getByRole('button', { name: 'Login' }).click();
  await shown(page, 'table tbody tr', /Bench/);
  await workerReady(context, url);
  const cdp = await context.newCDPSession(page);
  await onSlowLine(cdp);
  for (let round = 1; round <= rounds; round += 1) {
    const {
      value: { value: ready, profile },
      styles,
    } = await styleTraced(page, async () => {
      const timed = await profiled(cdp, async () => {
        if (screen === 'patients') {
          await page.reload();
          return `first row ${Math.round(await shown(page, 'table tbody tr', /Bench/))} ms`;
        }
        await page.goto(`${url}/patient/exchanges?patientId=${seed.patientId}`);
        const table = await shown(page, PATIENT_SHOWN.row, PATIENT_SHOWN.dated);
        return `table ${Math.round(table)} ms, charts ${Math.round(await shown(page, PATIENT_SHOWN.chartLine))} ms`;
      });
      await page.waitForLoadState('networkidle');
      return timed;
    });
    console.log(
      `${screen}, warm ${round}: ${ready}\n  ${(await resourceTimeline(page)).join('\n  ')}\n${profile}${await reactSummary(page)}${await taskSummary(page)}${styles}`,
    );
    if (screen === 'patient') await page.goto(`${url}/patients`);
  }
}

async function main(): Promise<void> {
  const [screen = 'login', roundsArg = '2'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const rounds = Number(roundsArg);
  if (screen !== 'login' && screen !== 'patients' && screen !== 'patient') throw new Error(`No screen ${screen}: login, patients or patient`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'screen-timeline-'));
  const stack = await startLocalStack({ dataDir, port: 0, mqttPort: 0, log: () => undefined });
  // The production build, as the bench serves it.
  await buildWeb({ outdir: path.join(dataDir, 'web'), minify: true, profileReact: REACT });
  const proxy = await startGzipProxy(stack.url);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    if (REACT) await context.addInitScript(REACT_COMMITS);
    if (TASKS) await context.addInitScript(TASK_PROBE);
    if (screen === 'login') await loginTimeline(context, proxy.url, rounds);
    else await screenTimeline(context, proxy.url, screen, rounds, await seedBrowserClinic({ patients: 200, days: 365, log: console.log }));
  } finally {
    await browser.close();
    await proxy.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
