import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '@infra/local/stack';

/** Debian's Chromium, installed by .ci/run; playwright-core drives it, nothing is downloaded. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * For a browser test file: the whole local stack on free ports with a throwaway data folder,
 * and a headless Chromium. `page()` opens a fresh page (own cookies and storage) on the portal.
 */
export function usePortal(options: Partial<Pick<LocalStackOptions, 'idleTimeoutMs'>> & { seed?: (stack: LocalStack) => Promise<void> } = {}) {
  let stack: LocalStack;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-browser-'));
    stack = await startLocalStack({ dataDir, port: 0, mqttPort: 0, idleTimeoutMs: options.idleTimeoutMs });
    await options.seed?.(stack);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  return {
    get stack() {
      return stack;
    },
    /** `bypassCSP` lets a test inject its own script (the accessibility checker) past the portal's CSP. */
    async page(pathname = '/', contextOptions: { bypassCSP?: boolean } = {}): Promise<Page> {
      const context = await browser.newContext({ baseURL: stack.url, ...contextOptions });
      const page = await context.newPage();
      await page.goto(pathname);
      return page;
    },
  };
}

/** Fills and submits /login as a person does (the page must be at /login). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('User ID').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Accept Terms & Conditions').check();
  await page.getByRole('button', { name: 'Login' }).click();
}
