/** A URL path or path segment decoded, or undefined when its `%` escapes are malformed (a 400, never a crash). */
export function decodedOrUndefined(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/** A request target parsed against a base, or undefined when it cannot be (e.g. `http://[` or a bad Host header). */
export function parsedUrl(target: string | undefined, base: string): URL | undefined {
  try {
    return new URL(target ?? '/', base);
  } catch {
    return undefined;
  }
}
