/** A URL path or path segment decoded, or undefined when its `%` escapes are malformed (a 400, never a crash). */
export function decodedOrUndefined(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/**
 * The portal's own origins on this machine: a request naming any other Host (a page on
 * `evil.example` whose name was rebound to 127.0.0.1) is not for the portal, and is refused.
 */
export function localOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

/** Whether a request's Host header names the portal itself (DNS rebinding guard). */
export function isLocalHost(host: string | undefined, port: number): boolean {
  return host !== undefined && localOrigins(port).some((origin) => new URL(origin).host === host.toLowerCase());
}

/** A request target parsed against a base, or undefined when it cannot be (e.g. `http://[` or a bad Host header). */
export function parsedUrl(target: string | undefined, base: string): URL | undefined {
  try {
    return new URL(target ?? '/', base);
  } catch {
    return undefined;
  }
}
