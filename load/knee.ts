/**
 * The knee: the highest device rate the machine sustains while staff work, and what that load does
 * to each clinician route's p95. Staff work alone first; then the devices report at a rate that
 * grows by half each step until the exchanges' acknowledgements fall behind.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ratioRow, shownRatioRow, type BenchRow } from '../bench/report';
import { quantile } from '../bench/measure';
import { driveFleet, type LoadDevice } from './devices';
import type { CallEvent, RunLog } from './events';
import { routeFigures, type RouteFigures } from './report';

/** A rate is sustained while 95 % of its exchanges are acknowledged within this (the device's wait for its PUBACK). */
export const SUSTAINED_ACK_P95_S = 1;
/** How much slower a route may answer under the knee's load than alone. */
export const UNDER_LOAD_GOAL = 2;
/** A route is judged only with this many answers in both phases: fewer make no p95. */
const MIN_CALLS = 20;
const RATE_STEP = 1.5;
const MAX_STEPS = 12;

export interface KneeStep {
  rate: number;
  from: number;
  to: number;
  sent: number;
  /** Exchanges acknowledged per second over the step. */
  ackedPerS: number;
  ackP50S: number;
  ackP95S: number;
  sustained: boolean;
}

export interface KneeResult {
  stepS: number;
  sustainedAckP95S: number;
  alone: RouteFigures[];
  steps: KneeStep[];
  /** The highest sustained rate (exchanges/s), or null when even the first was not. */
  knee: number | null;
  /** Every rate tried was sustained: the knee is at least `knee`. */
  atLeast: boolean;
  atKnee: RouteFigures[];
}

const callsWithin = (calls: CallEvent[], from: number, to: number) => calls.filter((call) => call.t >= from && call.t < to);

/** Runs the phases on devices and staff already at work, `stepS` seconds each, up to `maxRate` if given. */
export async function findKnee(
  devices: LoadDevice[],
  run: RunLog,
  plan: { startRate: number; stepS: number; maxRate?: number },
  log: (line: string) => void,
): Promise<KneeResult> {
  const { startRate, stepS, maxRate = Infinity } = plan;
  const aloneFrom = run.now();
  log(`knee: staff alone for ${stepS} s`);
  await sleep(stepS * 1000);
  const alone = routeFigures(callsWithin(run.calls, aloneFrom, run.now()));

  const steps: KneeStep[] = [];
  for (let rate = startRate, n = 0; n < MAX_STEPS && rate <= maxRate; rate = Math.round(rate * RATE_STEP * 10) / 10, n += 1) {
    const from = run.now();
    const fleet = driveFleet(devices, rate);
    await sleep(stepS * 1000);
    fleet.stop();
    const to = run.now();
    // What was sent in the step gets the threshold's time to be acknowledged before it is judged.
    await sleep(SUSTAINED_ACK_P95_S * 1000 * 2);
    const step = stepFigures(devices, rate, from, to);
    steps.push(step);
    log(`knee: ${rate} exchanges/s offered, ${step.ackedPerS} acknowledged/s, ack p95 ${step.ackP95S} s: ${step.sustained ? 'sustained' : 'not sustained'}`);
    if (!step.sustained) break;
  }
  const last = [...steps].reverse().find((step) => step.sustained);
  return {
    stepS,
    sustainedAckP95S: SUSTAINED_ACK_P95_S,
    alone,
    steps,
    knee: last?.rate ?? null,
    atLeast: steps.every((step) => step.sustained),
    atKnee: last ? routeFigures(callsWithin(run.calls, last.from, last.to)) : [],
  };
}

export function stepFigures(devices: LoadDevice[], rate: number, from: number, to: number): KneeStep {
  const entries = devices
    .flatMap((device) => [...device.ledger.values()])
    .filter((entry) => entry.kind === 'exchange' && entry.sentAt >= from && entry.sentAt < to);
  const waits = entries.map((entry) => (entry.ackedAt === undefined ? Infinity : entry.ackedAt - entry.sentAt));
  const acked = devices
    .flatMap((device) => [...device.ledger.values()])
    .filter((entry) => entry.ackedAt !== undefined && entry.ackedAt >= from && entry.ackedAt < to).length;
  const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 100) / 100 : n);
  const ackP95S = round(quantile(waits, 0.95));
  return {
    rate,
    from,
    to,
    sent: entries.length,
    ackedPerS: round(acked / (to - from)),
    ackP50S: round(quantile(waits, 0.5)),
    ackP95S,
    sustained: entries.length > 0 && ackP95S <= SUSTAINED_ACK_P95_S,
  };
}

/** The knee's rows: the knee itself, and each route's p95 at the knee against its p95 alone (judged where both have enough answers). */
export function kneeRows(result: KneeResult): BenchRow[] {
  const rows: BenchRow[] = [
    {
      name: 'knee: highest sustained device rate (exchanges/s)',
      value: result.knee,
      floor: null,
      ratio: null,
      goal: '—',
      pass: result.knee === null ? false : null,
    },
  ];
  for (const underLoad of result.atKnee) {
    const alone = result.alone.find((figures) => figures.route === underLoad.route);
    if (!alone || !(alone.p95 > 0) || !(underLoad.p95 > 0)) continue;
    const name = `p95 at the knee vs alone (ms): ${underLoad.route}`;
    const enough = (underLoad.outcomes['2xx'] ?? 0) >= MIN_CALLS && (alone.outcomes['2xx'] ?? 0) >= MIN_CALLS;
    rows.push(enough ? ratioRow(name, underLoad.p95, alone.p95, { max: UNDER_LOAD_GOAL }) : shownRatioRow(name, underLoad.p95, alone.p95));
  }
  return rows;
}
