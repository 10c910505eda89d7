/** Settings the web reads at run time from /config.json, written by the local server or the deploy. */
export interface RuntimeConfig {
  apiBase: string;
  frontendVersion: string;
  backendVersion: string;
  idleTimeoutMs: number;
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
