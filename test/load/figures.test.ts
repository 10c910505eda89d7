import { kneeRows, stepFigures, type KneeResult } from '@load/knee';
import type { LoadDevice } from '@load/devices';
import { keptExchangesFor, memoryGrowth } from '@load/memory';
import type { RouteFigures } from '@load/report';
import { LOAD_PROCESS, PORTAL_LIVE_HEAP, PORTAL_PROCESS, type ProcessSample } from '@load/sampler';

/** A process sampled every 2 s over `seconds`, its memory as `mb(t)`. */
const sampled = (process: string, pid: number, seconds: number, mb: (t: number) => number, from = 0): ProcessSample[] =>
  Array.from({ length: Math.floor((seconds - from) / 2) + 1 }, (_, i) => ({ t: from + i * 2, process, pid, memoryMb: mb(from + i * 2), cpu: 50 }));

describe('memory over a run', () => {
  const soak = 30 * 60;

  it('judges a soak: flat after warm-up passes, a steady leak fails', () => {
    const flat = sampled(PORTAL_PROCESS, 1, soak, (t) => (t < 300 ? 100 + t / 10 : 130));
    const leaking = sampled('DynamoDB Local', 2, soak, (t) => 200 + t / 20);
    const growths = memoryGrowth([...flat, ...leaking], soak);
    expect(growths.map(({ process, growthPct, judged }) => ({ process, judged, flat: growthPct <= 10 }))).toEqual([
      { process: PORTAL_PROCESS, judged: true, flat: true },
      { process: 'DynamoDB Local', judged: true, flat: false },
    ]);
  });

  it('judges the portal by its live heap when sampled: its resident size is shown, a leak in the heap fails', () => {
    const resident = sampled(PORTAL_PROCESS, 7, soak, (t) => (t < 900 ? 400 : 470));
    const flatHeap = sampled(PORTAL_LIVE_HEAP, 7, soak, () => 120);
    const leakingHeap = sampled(PORTAL_LIVE_HEAP, 7, soak, (t) => 120 + t / 30);
    const judged = (heap: ProcessSample[]) =>
      memoryGrowth([...resident, ...heap], soak).map(({ process, growthPct, judged }) => ({ process, judged, flat: growthPct <= 10 }));
    expect(judged(flatHeap)).toEqual([
      { process: PORTAL_PROCESS, judged: false, flat: false },
      { process: PORTAL_LIVE_HEAP, judged: true, flat: true },
    ]);
    expect(judged(leakingHeap)).toContainEqual({ process: PORTAL_LIVE_HEAP, judged: true, flat: false });
    // No heap sampled (a stack without --expose-gc): the resident size is what is judged.
    expect(judged([])).toEqual([{ process: PORTAL_PROCESS, judged: true, flat: false }]);
  });

  it('leaves out a part killed during the run (a new process each time), and never judges the load driver or a short run', () => {
    const killed = [...sampled('DynamoDB Local', 3, 900, () => 200), ...sampled('DynamoDB Local', 4, soak, () => 150, 902)];
    const driver = sampled(LOAD_PROCESS, 5, soak, (t) => 100 + t);
    expect(memoryGrowth([...killed, ...driver], soak).map(({ process, judged }) => ({ process, judged }))).toEqual([{ process: LOAD_PROCESS, judged: false }]);
    expect(
      memoryGrowth(
        sampled(PORTAL_PROCESS, 6, 600, () => 100),
        600,
      ).map(({ judged }) => judged),
    ).toEqual([false]);
  });
});

describe("the ingest's kept exchanges over a run", () => {
  it('are full within a soak’s warm-up, and at the portal’s bound otherwise', () => {
    // A 30-minute soak at 4 exchanges/s is warm after 6 minutes: 1,440 exchanges sent by then.
    expect(keptExchangesFor({ rate: 4, durationS: 1800 })).toBe(720);
    expect(keptExchangesFor({ rate: 0.01, durationS: 1800 })).toBe(100);
    expect(keptExchangesFor({ rate: 4, durationS: 75 })).toBe(10_000);
    expect(keptExchangesFor({ rate: 4, durationS: 1800, kneeStepS: 60 })).toBe(10_000);
  });
});

describe('the knee', () => {
  const device = (entries: Array<[sentAt: number, ackedAt?: number]>) =>
    ({
      ledger: new Map(entries.map(([sentAt, ackedAt], i) => [`e${i}`, { id: `e${i}`, kind: 'exchange', sentAt, ackedAt, sends: 1 }])),
    }) as unknown as LoadDevice;

  it('calls a rate sustained while 95 % of its exchanges are acknowledged within a second', () => {
    const quick = device(Array.from({ length: 40 }, (_, i): [number, number] => [10 + i / 4, 10 + i / 4 + 0.2]));
    expect(stepFigures([quick], 4, 10, 20)).toMatchObject({ sent: 40, ackedPerS: 4, ackP95S: 0.2, sustained: true });
    // Falling behind: the later half waits longer and longer, a few are never acknowledged.
    const behind = device(Array.from({ length: 40 }, (_, i): [number, number?] => [10 + i / 4, i < 36 ? 10 + i / 4 + (i < 20 ? 0.2 : i / 10) : undefined]));
    expect(stepFigures([behind], 4, 10, 20)).toMatchObject({ sent: 40, sustained: false });
  });

  it("judges each route's p95 at the knee against its p95 alone, where both have enough answers", () => {
    const route = (name: string, p95: number, ok: number): RouteFigures => ({ route: name, calls: ok, outcomes: { '2xx': ok }, p50: p95 / 2, p95, p99: p95 });
    const result: KneeResult = {
      stepS: 60,
      sustainedAckP95S: 1,
      alone: [route('GET /patients', 40, 50), route('POST /comment', 60, 50), route('GET /rare', 30, 3)],
      steps: [],
      knee: 12,
      atLeast: false,
      atKnee: [route('GET /patients', 70, 60), route('POST /comment', 150, 40), route('GET /rare', 300, 2)],
    };
    expect(kneeRows(result).map(({ name, ratio, pass }) => ({ name, ratio, pass }))).toEqual([
      { name: 'knee: highest sustained device rate (exchanges/s)', ratio: null, pass: null },
      { name: 'p95 at the knee vs alone (ms): GET /patients', ratio: 1.75, pass: true },
      { name: 'p95 at the knee vs alone (ms): POST /comment', ratio: 2.5, pass: false },
      { name: 'p95 at the knee vs alone (ms): GET /rare', ratio: 10, pass: null },
    ]);
  });
});
