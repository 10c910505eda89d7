/**
 * This process's V8 heap in use right after a full collection, MB, when it runs with --expose-gc:
 * what it holds alive. The resident size also follows V8's heap sizing, which grows with the load
 * and gives back late, so a leak shows here first and only here for sure (docs/load.md, "Memory over a soak").
 */
export function liveHeapMb(): number | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return undefined;
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}
