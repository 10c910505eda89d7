import { chromium, type Browser } from 'playwright-core';

/** The machine's Chromium (`CHROMIUM_PATH`, else Debian's): nothing is downloaded at run time. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A headless Chromium as the browser tests, the bench and the load run all drive it: no sandbox
 * (containers), no GPU, no QUIC, and none of its own background traffic to count or wait for.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}
