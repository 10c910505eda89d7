import type { Page } from 'playwright-core';

/** One WCAG finding of axe-core: the rule, how bad, and where. */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  targets: string[];
  /** The offending elements' markup, to find them. */
  html: string[];
}

interface AxeRun {
  violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[]; html: string }> }>;
}

/**
 * Runs axe-core (the engine browsers' accessibility tools use) on the page as it is once its
 * animations ended, against WCAG 2.1 A and AA. The page must come from a context that bypasses the CSP, as axe is injected.
 */
export async function wcagViolations(page: Page): Promise<AxeViolation[]> {
  // The page as a person reads it once it stopped moving: a dialog fading in measures as too faint.
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeRun> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      html: violation.nodes.map((node) => node.html.slice(0, 300)),
    }));
  });
}

/** Expects no WCAG 2.1 AA violation on the page once the network is idle; `screen` names it in a failure. */
export async function expectWcagClean(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect({ screen, violations: await wcagViolations(page) }).toEqual({ screen, violations: [] });
}
