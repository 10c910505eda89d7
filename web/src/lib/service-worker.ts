import { useEffect } from 'react';

let registered = false;

/**
 * Registers the offline shell's service worker (`sw.js`, which every build of `web/build.ts`
 * writes). Browsers without service workers, and jsdom, simply run without it.
 */
export function registerServiceWorker(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('The offline shell is not available:', error));
}

/**
 * Registers the worker once the component has been shown, the page has loaded and is idle: the worker's
 * install fetches every precached file, which on a slow line must not compete with the first
 * screen's own files. Placed inside the routes' Suspense boundary, its effect runs only when the
 * first screen, with its lazily loaded code, is on the page.
 */
export function RegisterServiceWorkerWhenShown(): null {
  useEffect(() => {
    const whenIdle = () =>
      window.requestIdleCallback ? window.requestIdleCallback(registerServiceWorker, { timeout: 2000 }) : setTimeout(registerServiceWorker, 0);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  }, []);
  return null;
}
