import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '@infra/local/chromium';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '@infra/local/stack';
import { totpCode } from '@infra/local/totp';

/** Debian's Chromium, installed by .ci/run; playwright-core drives it, nothing is downloaded. */

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
    browser = await launchChromium();
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
    get browser() {
      return browser;
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

/**
 * A code that stays valid until the server checks it: near the end of its 30-second window (a
 * slow machine can take seconds from typing to checking) it waits for the next window.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 250));
  return totpCode(secret);
}

/** In the open TOTP set-up: types the first code of the secret shown, turns TOTP on, closes; answers the secret. */
export async function turnOnTotp(page: Page): Promise<string> {
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page
    .getByTestId('totp-code-field')
    .locator('input')
    .fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText('Two-factor authentication is on').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).first().click();
  return secret;
}

/**
 * Signs an administrator in for the first time (the page must be at /login): LiberDiAdmin and
 * ServiceProviderAdmin must set TOTP up before any screen, so it sets it up; answers the secret.
 */
export async function signInFirstTimeWithTotp(page: Page, email: string, password: string): Promise<string> {
  await fillSignIn(page, email, password);
  await page.getByTestId('two-factor-required').waitFor();
  return turnOnTotp(page);
}

/**
 * Signs an administrator in as a person does (the page must be at /login): the first time it sets
 * TOTP up (required for LiberDiAdmin and ServiceProviderAdmin), later it types the code. The
 * secret is kept per e-mail across a test file's pages.
 */
export function adminSignIn(password: string): (page: Page, email: string) => Promise<void> {
  const secrets = new Map<string, string>();
  return async (page, email) => {
    await fillSignIn(page, email, password);
    const secret = secrets.get(email);
    if (secret) {
      await page.getByLabel('Authentication code').fill(await freshTotpCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      return;
    }
    await page.getByTestId('two-factor-required').waitFor();
    secrets.set(email, await turnOnTotp(page));
  };
}

/** The newest mail to `to` in a local stack's outbox (`<dataDir>/outbox`), and the temporary password it carries. */
export function temporaryPasswordIn(dataDir: string, to: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const file = readdirSync(outbox)
    .filter((name) => name.endsWith(`-${to}.json`))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no mail to ${to}`);
  const { text } = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { text: string };
  return /temporary password is: (\S+)/.exec(text)![1]!;
}
