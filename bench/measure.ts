import { performance } from 'node:perf_hooks';

/** The value at quantile q (0..1) of the samples, nearest rank. */
export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export interface PairedLatency {
  subject: number[];
  floor: number[];
}

/**
 * Times `subject` and `floor` alternately, one call at a time, after a warm-up of each, so that
 * the noise of a shared machine falls on both sides alike. Milliseconds.
 */
export async function pairedLatency(samples: number, subject: () => Promise<unknown>, floor: () => Promise<unknown>, warmUp = 30): Promise<PairedLatency> {
  for (let i = 0; i < warmUp; i += 1) {
    await subject();
    await floor();
  }
  const result: PairedLatency = { subject: [], floor: [] };
  for (let i = 0; i < samples; i += 1) {
    // Alternate which goes first, so neither always follows the other.
    const order: Array<[() => Promise<unknown>, number[]]> = [
      [subject, result.subject],
      [floor, result.floor],
    ];
    if (i % 2 === 1) order.reverse();
    for (const [run, into] of order) {
      const start = performance.now();
      await run();
      into.push(performance.now() - start);
    }
  }
  return result;
}

/** Latencies of `run`, one at a time, after a warm-up. Milliseconds. */
export async function latencies(samples: number, run: () => Promise<unknown>, warmUp = 10): Promise<number[]> {
  for (let i = 0; i < warmUp; i += 1) await run();
  const out: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    await run();
    out.push(performance.now() - start);
  }
  return out;
}

/**
 * Runs `count` tasks with at most `inFlight` at once (a bounded loop per worker) and returns the
 * rate in tasks per second. Worker w takes tasks w, w + inFlight, w + 2·inFlight, …
 */
export async function throughput(
  count: number,
  inFlight: number,
  task: (index: number, worker: number) => Promise<void>,
): Promise<{ perSecond: number; seconds: number }> {
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async (_, worker) => {
      for (let index = worker; index < count; index += inFlight) await task(index, worker);
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: count / seconds, seconds };
}

/** Runs tasks with at most `inFlight` at once; for setting up data, not for timing. */
export async function inParallel<T>(items: readonly T[], inFlight: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: Math.min(inFlight, items.length) }, async (_, worker) => {
      for (let index = worker; index < items.length; index += inFlight) await task(items[index]!, index);
    }),
  );
}
