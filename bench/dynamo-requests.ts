import { performance } from 'node:perf_hooks';
import { dynamo } from '../functions/lib/aws-clients';

/**
 * Counts the DynamoDB requests the portal's shared client sends (every HTTP attempt, retries
 * included), by operation. Installed once on the in-process client `dynamo()`; the benchmark's
 * own raw floors use a client of their own and are not counted.
 */
export class DynamoRequestCounter {
  private readonly counts = new Map<string, number>();
  /** Each command's span, from the caller's send to its answer (retries included). */
  private readonly spans: Array<[number, number, string]> = [];

  static install(): DynamoRequestCounter {
    const counter = new DynamoRequestCounter();
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const start = performance.now();
        try {
          return await next(args);
        } finally {
          counter.spans.push([start, performance.now(), operationOf(context)]);
        }
      },
      { step: 'initialize', name: 'benchDynamoRequestSpans', override: true },
    );
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const operation = operationOf(context);
        counter.counts.set(operation, (counter.counts.get(operation) ?? 0) + 1);
        return next(args);
      },
      // The deserialize step runs once per attempt, inside the retry middleware.
      { step: 'deserialize', name: 'benchDynamoRequestCounter', override: true },
    );
    return counter;
  }

  reset(): void {
    this.counts.clear();
    this.spans.length = 0;
  }

  /**
   * Milliseconds during which at least one request was waiting on DynamoDB since the last reset:
   * requests sent together count once. Of a run taken one at a time, what DynamoDB took; the rest
   * of its time is the portal's own (CPU, the broker).
   */
  get waitingMs(): number {
    const sorted = [...this.spans].sort((a, b) => a[0] - b[0]);
    let total = 0;
    let [from, to] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (const [start, end] of sorted) {
      if (start > to) {
        if (to > from) total += to - from;
        [from, to] = [start, end];
      } else to = Math.max(to, end);
    }
    if (to > from) total += to - from;
    return total;
  }

  /** Requests of one operation since the last reset ('Scan', 'Query', …). */
  of(operation: string): number {
    return this.counts.get(operation) ?? 0;
  }

  get total(): number {
    return [...this.counts.values()].reduce((sum, n) => sum + n, 0);
  }

  /** e.g. `GetItem 5 (2.1 ms), Query 1 (7.3 ms)`: requests per `per` by operation, each with its mean ms a command (retries included) */
  breakdown(per = 1): string {
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([operation, n]) => `${operation} ${round(n / per)} (${round(this.meanMs(operation))} ms)`)
      .join(', ');
  }

  private meanMs(operation: string): number {
    const spans = this.spans.filter((span) => span[2] === operation);
    return spans.reduce((sum, [start, end]) => sum + end - start, 0) / Math.max(1, spans.length);
  }
}

const operationOf = (context: { commandName?: string }) => String(context.commandName ?? 'unknown').replace(/Command$/, '');

const round = (n: number) => Math.round(n * 100) / 100;

/** A write request the portal sent, as the caller gave it (before marshalling). */
export interface RecordedWrite {
  operation: string;
  input: Record<string, unknown>;
}

const WRITE_OPERATIONS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

/**
 * Records the write requests of the portal's shared client that succeeded while recording, once
 * per command (the SDK's retries not repeated), in the form the caller gave them: the floor of ingest writes the same
 * items raw (adapters.ts, rawIngestWrites).
 */
export class DynamoWriteRecorder {
  private writes: RecordedWrite[] | undefined;

  static install(): DynamoWriteRecorder {
    const recorder = new DynamoWriteRecorder();
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const operation = String(context.commandName ?? '').replace(/Command$/, '');
        if (!recorder.writes || !WRITE_OPERATIONS.has(operation)) return next(args);
        const write = { operation, input: structuredClone(args.input as Record<string, unknown>) };
        const result = await next(args);
        // Only what was written: a transaction refused (a lost race, a redelivery) is sent again or wrote nothing.
        recorder.writes?.push(write);
        return result;
      },
      // Initialize runs once per command, before the document client marshals its input.
      { step: 'initialize', name: 'benchDynamoWriteRecorder', override: true },
    );
    return recorder;
  }

  start(): void {
    this.writes = [];
  }

  /** The writes recorded since start(); recording stops. */
  take(): RecordedWrite[] {
    const writes = this.writes ?? [];
    this.writes = undefined;
    return writes;
  }
}
