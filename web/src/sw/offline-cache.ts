/**
 * What the service worker keeps for offline use, and what it never keeps. Read by the worker
 * (`service-worker.ts`) and by the build that writes its precache manifest (`web/build.ts`).
 */

/** Answers under these paths hold patient data or signed links: never cached, never precached. */
export const NEVER_CACHED_PREFIXES = ['/api/', '/local/'] as const;

/** The single-page app's document: every screen's path is answered with it, also offline. */
export const SHELL_URL = '/index.html';

/** The runtime config the web starts with (no patient data): from the network, the last copy when offline. */
export const RUNTIME_CONFIG_URL = '/config.json';

/** The cache that holds the last runtime config. */
export const RUNTIME_CONFIG_CACHE = 'pd-runtime-config';

/** One file of the precache manifest (workbox-precaching's `PrecacheEntry`). */
export interface PrecacheEntry {
  url: string;
  revision: string;
}

/** One built file: its URL path on the portal's origin and a hash of its content. */
export interface BuiltFile {
  url: string;
  contentHash: string;
}

export function isNeverCached(pathname: string): boolean {
  return NEVER_CACHED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The app shell and the static assets; source maps stay out (the local build writes them, nobody needs them offline). */
export function isPrecached(url: string): boolean {
  if (isNeverCached(url)) return false;
  return url === SHELL_URL || (url.startsWith('/assets/') && !url.endsWith('.map'));
}

/**
 * The precache manifest of a build: the shell and each asset with its content hash as revision, so
 * a new deployment changes the manifest (and with it sw.js) exactly where a file changed.
 */
export function precacheManifest(files: BuiltFile[]): PrecacheEntry[] {
  const entries = files.filter((file) => isPrecached(file.url)).map((file) => ({ url: file.url, revision: file.contentHash }));
  if (!entries.some((entry) => entry.url === SHELL_URL)) throw new Error(`the build has no ${SHELL_URL} to precache`);
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}
