import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { NEVER_CACHED_PREFIXES, RUNTIME_CONFIG_CACHE, RUNTIME_CONFIG_URL, SHELL_URL, type PrecacheEntry } from './offline-cache';

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}

/** The worker's global scope, as far as this file uses it (the project compiles with the DOM's types, not the worker's). */
declare const self: {
  /** Replaced by the build with this build's manifest (`web/build.ts`, `buildServiceWorker`). */
  __WB_MANIFEST: PrecacheEntry[];
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
};

/**
 * The offline shell: the shell and assets precached, every navigation answered with the cached
 * shell, /config.json from the network or, offline, its last copy. Nothing else is handled, so API
 * answers are never stored. A new deployment changes the manifest; this worker then takes over at
 * once (skipWaiting, clients.claim), so the next load runs the new build.
 */
const runtimeConfig = new NetworkFirst({ cacheName: RUNTIME_CONFIG_CACHE });

self.addEventListener('install', (event) => {
  void self.skipWaiting();
  // The page that registers the worker read /config.json before the worker was there: keep a copy now.
  event.waitUntil(runtimeConfig.handleAll({ event, request: new Request(RUNTIME_CONFIG_URL) })[1]);
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const neverCached = NEVER_CACHED_PREFIXES.map((prefix) => new RegExp(`^${prefix}`));
registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL_URL), { denylist: neverCached }));
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === RUNTIME_CONFIG_URL, runtimeConfig);
