import { RUNTIME_CONFIG_URL } from '../sw/offline-cache';
import { readKept, writeKept } from './kept-in-browser';

/** How the web proves a human is signing in: the local verifier, or Google's invisible reCAPTCHA on AWS. */
export type HumanVerificationConfig = { kind: 'local' } | { kind: 'recaptcha'; siteKey: string };

/**
 * Where the live screens' notices come from (docs/live-screens.md): the local broker's WebSocket
 * on the portal's own origin, or IoT Core over WebSocket with a Cognito identity pool's credentials.
 */
export type LiveConfig =
  { kind: 'local'; path: string } | { kind: 'iot'; endpoint: string; region: string; identityPoolId: string; userPoolId: string; userPoolClientId: string };

/** Settings the web reads at run time from /config.json, written by the local server or the deploy. */
export interface RuntimeConfig {
  apiBase: string;
  frontendVersion: string;
  backendVersion: string;
  /** Idle sign-out after this long without a mouse down or key down (spec: 900000). */
  idleTimeoutMs: number;
  humanVerification: HumanVerificationConfig;
  /** Absent: the screens are not live (they read again on their own schedule). */
  live?: LiveConfig;
}

let loaded: RuntimeConfig | undefined;

/** Where the last /config.json read is kept, for the next load to start with (it holds nothing secret). */
const KEPT_KEY = 'pd.runtimeConfig';

async function readConfig(): Promise<string> {
  const response = await fetch(RUNTIME_CONFIG_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: ${response.status}`);
  return response.text();
}

/** A config's text read as one; throws on anything else (not JSON, or JSON that is not a config). */
function parseConfig(text: string): RuntimeConfig {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || typeof (value as { apiBase?: unknown }).apiBase !== 'string') throw new Error('config.json: not a config');
  return value as RuntimeConfig;
}

/**
 * The runtime config. A first visit waits for /config.json. A returning one starts with the copy
 * the last load kept, so its first render and first reads do not wait a round trip on a slow line
 * (docs/web.md, "The config a load starts with"); the network's copy is read all the same and,
 * when a deployment changed it, takes the kept one's place for every later read of the config.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (loaded) return loaded;
  const fresh = readConfig();
  const kept = readKept(KEPT_KEY);
  if (kept !== undefined) {
    try {
      loaded = parseConfig(kept);
      fresh.then(
        (text) => {
          if (text === kept) return;
          try {
            loaded = parseConfig(text);
            writeKept(KEPT_KEY, text);
          } catch {
            // Not a config (a proxy's error page, say): the kept copy stands.
          }
        },
        () => undefined, // offline or refused: the kept copy stands
      );
      return loaded;
    } catch {
      // A kept copy that is no config counts for nothing: wait for the network's.
    }
  }
  const text = await fresh;
  loaded = parseConfig(text);
  writeKept(KEPT_KEY, text);
  return loaded;
}

export function runtimeConfig(): RuntimeConfig {
  if (!loaded) throw new Error('Runtime config not loaded yet');
  return loaded;
}

/** For tests: the config a test runs with, instead of fetching /config.json. */
export function setRuntimeConfig(config: RuntimeConfig | undefined): void {
  loaded = config;
}
