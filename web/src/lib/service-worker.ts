/**
 * Registers the offline shell's service worker (`sw.js`, which every build of `web/build.ts`
 * writes). Browsers without service workers, and jsdom, simply run without it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('The offline shell is not available:', error));
}
