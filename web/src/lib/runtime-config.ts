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

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (!loaded) {
    const response = await fetch('/config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`config.json: ${response.status}`);
    loaded = (await response.json()) as RuntimeConfig;
  }
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
