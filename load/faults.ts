/**
 * The faults of a run, on a schedule: a part of the stack killed (DynamoDB Local, cognito-local;
 * the stack starts it again), the broker restarted, a device sending garbage, a burst of ten times
 * the rate, one device's clock stepped forward and back. Each fault's window is recorded, and for a part that comes back, the time from its
 * return to the first success of each kind (an exchange acknowledged, a read, a write, a sign-in).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultWindow, RunLog } from './events';
import type { FaultKind, LoadOptions } from './options';
import type { StackProcess } from './stack-process';

export const BURST_FACTOR = 10;
const BURST_SECONDS = 5;
/** A clock step: the device's clock runs this far ahead for CLOCK_STEP_SECONDS, then is set right (its next exchanges are earlier than the last ones). */
export const CLOCK_STEP_MS = 2 * 60 * 60_000;
const CLOCK_STEP_SECONDS = 8;
/** The kinds of success a part's return is measured by. */
export const RECOVERY_KINDS = ['exchange acked', 'read', 'write', 'sign-in'] as const;
/** What each part's return is measured by: what it serves (the broker serves devices only; sign-in is probed after the others). */
const RECOVERY_BY_FAULT: Record<string, readonly string[]> = {
  dynamodb: RECOVERY_KINDS,
  cognito: RECOVERY_KINDS,
  broker: ['exchange acked'],
  burst: ['exchange acked', 'read', 'write'],
  garbage: ['exchange acked'],
  clock: ['exchange acked'],
};
/** A part's service must be back within this many seconds of the part. */
export const RECOVERY_GOAL_S = 10;

export interface FaultActions {
  stack: StackProcess;
  garbage(): void;
  /** Steps one device's clock by `offsetMs` (0 sets it right). */
  stepClock(offsetMs: number): void;
  burst(factor: number, seconds: number): void;
  /** A sign-in from scratch; the clinicians sign in only at start, so a fault probes it. */
  probeSignIn(): Promise<boolean>;
  /** A write; the staff write now and then only, so a fault probes it too. */
  probeWrite(): Promise<boolean>;
}

/** When each fault happens (s from the start): the parts' faults one after another over the middle of the run, the others between them. */
export function faultSchedule(options: Pick<LoadOptions, 'durationS' | 'faults'>): Array<{ at: number; kind: FaultKind }> {
  // Interleaved: dynamodb, broker, cognito, dynamodb, ...
  const interleaved: FaultKind[] = [];
  const counts = { dynamodb: options.faults.dynamodb ?? 0, broker: options.faults.broker ?? 0, cognito: options.faults.cognito ?? 0 };
  for (let round = 0; round < Math.max(...Object.values(counts)); round += 1) {
    for (const kind of ['dynamodb', 'broker', 'cognito'] as const) if (round < counts[kind]) interleaved.push(kind);
  }
  const others = (['garbage', 'burst', 'clock'] as const).flatMap((kind) => Array.from({ length: options.faults[kind] ?? 0 }, () => kind));
  const from = options.durationS * 0.12;
  const to = options.durationS * 0.72;
  const spread = (kinds: FaultKind[], offset: number) =>
    kinds.map((kind, i) => ({ kind, at: from + ((to - from) * (i + offset)) / Math.max(1, kinds.length) }));
  return [...spread(interleaved, 0), ...spread(others, 0.5)].sort((a, b) => a.at - b.at);
}

async function killPart(stack: StackProcess, name: 'dynamodb' | 'cognito', run: RunLog, window: FaultWindow): Promise<void> {
  const pidOf = async () => (await stack.parts()).find((part) => part.name === name)!.pid;
  const pid = await pidOf();
  window.start = run.now();
  process.kill(pid, 'SIGKILL');
  // Back when the stack's supervisor holds a new child, which it does only once the child answers.
  while ((await pidOf()) === pid) await sleep(100);
  window.back = run.now();
}

/** Runs one fault and fills its window; the recovery times are measured later (`measureRecoveries`). */
export async function runFault(kind: FaultKind, actions: FaultActions, run: RunLog): Promise<FaultWindow> {
  const window: FaultWindow = { kind, start: run.now(), recovery: {} };
  run.faults.push(window);
  switch (kind) {
    case 'dynamodb':
    case 'cognito':
      await killPart(actions.stack, kind, run, window);
      break;
    case 'broker':
      await actions.stack.restartBroker();
      window.back = run.now();
      break;
    case 'garbage':
      actions.garbage();
      window.back = run.now();
      break;
    case 'clock':
      actions.stepClock(CLOCK_STEP_MS);
      await sleep(CLOCK_STEP_SECONDS * 1000);
      actions.stepClock(0);
      window.back = run.now();
      break;
    case 'burst':
      actions.burst(BURST_FACTOR, BURST_SECONDS);
      await sleep(BURST_SECONDS * 1000);
      window.back = run.now();
      break;
  }
  if (kind === 'dynamodb' || kind === 'cognito') {
    // Probe sign-in and a write until each works (or the goal's time has long passed), so their recovery is measured.
    const deadline = run.now() + RECOVERY_GOAL_S * 3;
    const probe = async (attempt: () => Promise<boolean>) => {
      while (run.now() < deadline && !(await attempt())) await sleep(250);
    };
    await Promise.all([probe(actions.probeSignIn), probe(actions.probeWrite)]);
  }
  return window;
}

/** For each part's fault: seconds from its return to the first success of each kind after it (null: none before the run ended). */
export function measureRecoveries(run: RunLog): void {
  for (const window of run.faults) {
    if (window.back === undefined) continue;
    for (const kind of RECOVERY_BY_FAULT[window.kind] ?? []) {
      const first = run.firstSuccessAfter(kind, window.back);
      window.recovery[kind] = first === undefined ? null : Math.round((first - window.back) * 100) / 100;
    }
  }
}

/** The slowest recovery of a fault (the time until full service), or null when some kind never came back. */
export function fullServiceBack(window: FaultWindow): number | null {
  const values = Object.values(window.recovery);
  return values.some((value) => value === null) ? null : Math.max(0, ...(values as number[]));
}
