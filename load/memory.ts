/**
 * Whether each long-running process's memory stayed flat over a run: the median resident size of
 * the run's last tenth against the median of the tenth right after warm-up; for the portal, its
 * V8 heap in use after a full collection (load/stack-child.ts says why). A process counts as
 * long-running when one pid of it was sampled over nearly the whole run (a part a fault killed is
 * a new process each time). Judged on a soak only: a short run's growth is still warm-up.
 */
import { MOST_KEPT_EXCHANGES } from '@functions/data/ingest-state';
import { quantile } from '../bench/measure';
import { LOAD_PROCESS, PORTAL_LIVE_HEAP, PORTAL_PROCESS, type ProcessSample } from './sampler';

/** The growth allowed after warm-up, %. */
export const MEMORY_GROWTH_GOAL_PCT = 10;
/** A run this long or longer is a soak, where memory growth is judged. */
export const SOAK_S = 20 * 60;
/** Warm-up: caches fill, the JIT settles. The larger of this and a fifth of the run. */
const WARM_UP_S = 120;

export interface MemoryGrowth {
  process: string;
  pid: number;
  /** Median memory (MB: VmRSS, or the live heap) of the tenth of the run after warm-up, and of the run's last tenth. */
  afterWarmUpMb: number;
  endMb: number;
  growthPct: number;
  judged: boolean;
}

/** When a run of `seconds` is warm. */
export function warmUpEndS(seconds: number): number {
  return Math.max(WARM_UP_S, seconds / 5);
}

/**
 * The ingest's bound on kept exchanges for a run (`INGEST_KEPT_EXCHANGES`): on a soak, half what
 * the devices send during warm-up, so the kept windows are full before memory is judged. A load
 * device reports thousands of times as often as a real one: at the portal's own bound (10,000) the
 * windows would still be filling at the end of a soak, and their growth would hide any other.
 * Other runs keep the portal's bound.
 */
export function keptExchangesFor(options: { rate: number; durationS: number; kneeStepS?: number }): number {
  if (options.kneeStepS || options.durationS < SOAK_S) return MOST_KEPT_EXCHANGES;
  return Math.max(100, Math.min(MOST_KEPT_EXCHANGES, Math.round((options.rate * warmUpEndS(options.durationS)) / 2)));
}

export function memoryGrowth(samples: ProcessSample[], seconds: number): MemoryGrowth[] {
  const warmUpEnd = warmUpEndS(seconds);
  const tenth = seconds / 10;
  const bySeries = new Map<string, ProcessSample[]>();
  for (const sample of samples) {
    const key = `${sample.process}\u0000${sample.pid}`;
    bySeries.set(key, [...(bySeries.get(key) ?? []), sample]);
  }
  const liveHeapSampled = samples.some((sample) => sample.process === PORTAL_LIVE_HEAP);
  const growths: MemoryGrowth[] = [];
  for (const list of bySeries.values()) {
    const { pid, process } = list[0]!;
    const first = list[0]!.t;
    const last = list.at(-1)!.t;
    if (first > tenth || last < seconds - tenth || warmUpEnd + tenth > seconds - tenth) continue;
    const median = (from: number, to: number) =>
      quantile(
        list.filter((sample) => sample.t >= from && sample.t <= to).map((sample) => sample.memoryMb),
        0.5,
      );
    const afterWarmUpMb = median(warmUpEnd, warmUpEnd + tenth);
    const endMb = median(seconds - tenth, seconds);
    if (!Number.isFinite(afterWarmUpMb) || !Number.isFinite(endMb)) continue;
    growths.push({
      process,
      pid,
      afterWarmUpMb: Math.round(afterWarmUpMb),
      endMb: Math.round(endMb),
      growthPct: Math.round((endMb / afterWarmUpMb - 1) * 1000) / 10,
      // The load driver keeps every event of the run for the report: it grows by design. The
      // portal's resident size follows V8's heap sizing: its live heap, when sampled, is judged.
      judged: seconds >= SOAK_S && process !== LOAD_PROCESS && !(process === PORTAL_PROCESS && liveHeapSampled),
    });
  }
  return growths;
}
