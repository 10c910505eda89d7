import { performance } from 'node:perf_hooks';

/** What a clinician call ended as; `unavailable` is a 503 with the clear message while a part is down. */
export const OUTCOMES = ['2xx', '4xx expected', '4xx unexpected', '5xx', '503 during fault', 'timeout'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface CallEvent {
  /** Seconds since the run started. */
  t: number;
  route: string;
  kind: 'read' | 'write' | 'sign-in';
  status: number;
  outcome: Outcome;
  ms: number;
}

/** What the devices did, one event per message sent or acknowledged. */
export interface DeviceEvent {
  t: number;
  what: 'sent' | 'acked' | 'resent' | 'garbage';
}

export interface FaultWindow {
  kind: string;
  /** When the part was broken (s). */
  start: number;
  /** When the part was back (s): the supervised child answers again, the broker listens again; the end of a burst. */
  back?: number;
  /** Seconds from `back` to the first success of each kind after it. */
  recovery: Record<string, number | null>;
  note?: string;
}

/** The run's clock and its log of events, shared by the devices, the clinicians and the faults. */
export class RunLog {
  readonly started = performance.now();
  /** The wall clock at the start, to set the run's times beside the portal's. */
  readonly startedAtMs = Date.now();
  readonly calls: CallEvent[] = [];
  readonly device: DeviceEvent[] = [];
  readonly faults: FaultWindow[] = [];
  /** Each kind of success ('exchange acked', 'read', 'write', 'sign-in') and its times, for the recovery times. */
  readonly successes = new Map<string, number[]>();
  /** The first lines of unexpected answers, to read after the run. */
  readonly oddities: string[] = [];

  now(): number {
    return (performance.now() - this.started) / 1000;
  }

  /** The wall clock's time (ms) of a run time `t` (s). */
  wallMs(t: number): number {
    return this.startedAtMs + t * 1000;
  }

  success(kind: string, t = this.now()): void {
    const times = this.successes.get(kind) ?? [];
    times.push(t);
    this.successes.set(kind, times);
  }

  /** A part is down now (or was within `graceS` of coming back): its 503s are expected. */
  inFault(t: number, graceS = 10): boolean {
    return this.faults.some((fault) => ['dynamodb', 'cognito', 'broker'].includes(fault.kind) && t >= fault.start && t <= (fault.back ?? Infinity) + graceS);
  }

  /** The first success of `kind` at or after `t`, or undefined. */
  firstSuccessAfter(kind: string, t: number): number | undefined {
    return this.successes.get(kind)?.find((at) => at >= t);
  }
}
