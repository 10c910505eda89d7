/**
 * What this browser keeps for its next loads (localStorage). A storage the browser refuses (a
 * private window's policy) costs only the keeping: a read finds nothing, a write keeps nothing.
 */
export function readKept(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeKept(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the next load does without it.
  }
}
