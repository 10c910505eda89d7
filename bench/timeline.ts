import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { launchChromium } from '../infra/local/chromium';
import { startLocalStack } from '../infra/local/stack';
import { buildWeb } from '../web/build';
import { onSlowLine, startGzipProxy } from './browser';

/**
 * Where /login's time goes on the bench's slow line: `npx tsx bench/login-timeline.ts [rounds]`
 * loads /login cold, then warm (served by the service worker) `rounds` times, and prints for each
 * when it became usable, its resources' timings and, warm, the CPU profile's heaviest scripts and
 * functions. A tool for reading, not a bench row: `npm run bench -- --only browser` judges.
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
  return `  by script: ${top(byScript, 10).join(', ')}\n  by function:\n    ${top(byFunction, 15).join('\n    ')}`;
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 2);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'login-timeline-'));
  const stack = await startLocalStack({ dataDir, port: 0, mqttPort: 0, log: () => undefined });
  // The production build, as the bench serves it.
  await buildWeb({ outdir: path.join(dataDir, 'web'), minify: true });
  const proxy = await startGzipProxy(stack.url);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    await context.addInitScript(USABLE);
    const visit = async (label: string, profiled: boolean) => {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await onSlowLine(cdp);
      if (profiled) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(`${proxy.url}/login`);
      await page.waitForFunction(() => (window as unknown as { __loginUsable?: number }).__loginUsable, undefined, { polling: 50 });
      const profile = profiled ? await profileSummary(cdp) : '';
      await page.waitForTimeout(1000);
      const timeline = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
          (entry) => `${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ms ${new URL(entry.name).pathname} (${entry.transferSize} B)`,
        );
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        const usable = (window as unknown as { __loginUsable: number }).__loginUsable;
        return `usable ${Math.round(usable)} ms, first contentful paint ${Math.round(paint)} ms, DOMContentLoaded ${Math.round(navigation.domContentLoadedEventEnd)} ms\n  ${resources.join('\n  ')}`;
      });
      console.log(`${label}: ${timeline}${profile ? `\n${profile}` : ''}`);
      await page.close();
    };
    await visit('cold', false);
    const page = await context.newPage();
    await page.goto(`${proxy.url}/login`);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      while (registration.active?.state !== 'activated') await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await page.close();
    for (let round = 1; round <= rounds; round += 1) await visit(`warm ${round}`, true);
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
