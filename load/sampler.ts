/**
 * Samples, every few seconds, the memory (VmRSS) and CPU of each process from /proc/<pid>: the
 * stack's process (the API, the broker and the ingest, as the Lambdas would run them), its
 * DynamoDB Local and cognito-local children (whichever is running now) and this load driver; how
 * many exchanges the table holds for the run's patients; and every half minute the portal's live heap.
 */
import { readFileSync } from 'node:fs';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { exchangeItemsOf } from './accounting';
import type { RunLog } from './events';
import type { StackPart, StackProcess } from './stack-process';

const CLOCK_TICKS = 100;

export const PORTAL_PROCESS = 'portal (API, broker, ingest)';
/** The portal's V8 heap in use after a full collection: its own series, sampled less often. */
export const PORTAL_LIVE_HEAP = 'portal, V8 heap after a full GC';
/** How often the live heap is sampled: each sample is a full collection, a pause of the portal. */
const LIVE_HEAP_EVERY_MS = 30_000;
/** This process: the devices and staff that load the portal, and the run's own log. */
export const LOAD_PROCESS = 'load driver (devices, staff)';

export interface ProcessSample {
  t: number;
  process: string;
  pid: number;
  /** VmRSS; for PORTAL_LIVE_HEAP, the V8 heap in use after a full collection. */
  memoryMb: number;
  /** Share of one CPU since the previous sample, %. */
  cpu: number;
}

export interface StoredSample {
  t: number;
  stored: number;
}

function readProc(pid: number): { memoryMb: number; ticks: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    // Fields after the command name (which may hold spaces), from field 3: utime is 14, stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { memoryMb: rssKb / 1024, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

export function startSampler(stack: StackProcess, run: RunLog, patientIds: () => string[], everyMs = 2000) {
  const processes: ProcessSample[] = [];
  const stored: StoredSample[] = [];
  const previous = new Map<number, { ticks: number; t: number }>();
  const document = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB, maxAttempts: 1 }));
  let counting = false;
  // The parts' pids as last answered (a killed part's new child shows from the next sample on).
  let parts: StackPart[] = [];

  const sample = () => {
    const t = run.now();
    const current = [
      { name: PORTAL_PROCESS, pid: stack.pid },
      ...parts.map((part) => ({ name: part.name === 'dynamodb' ? 'DynamoDB Local' : 'cognito-local', pid: part.pid })),
      { name: LOAD_PROCESS, pid: process.pid },
    ];
    void stack.parts().then(
      (now) => (parts = now),
      () => undefined,
    );
    for (const { name, pid } of current) {
      const read = readProc(pid);
      if (!read) continue;
      const before = previous.get(pid);
      previous.set(pid, { ticks: read.ticks, t });
      const cpu = before ? ((read.ticks - before.ticks) / CLOCK_TICKS / (t - before.t)) * 100 : 0;
      processes.push({ t, process: name, pid, memoryMb: Math.round(read.memoryMb * 10) / 10, cpu: Math.round(cpu * 10) / 10 });
    }
    if (counting) return;
    counting = true;
    void countStored(document, patientIds())
      .then(
        (count) => stored.push({ t, stored: count }),
        () => undefined, // the table is down: no point, the plot shows the gap
      )
      .finally(() => (counting = false));
  };
  const sampleLiveHeap = () => {
    const t = run.now();
    void stack.liveHeapMb().then(
      (mb) => mb !== undefined && processes.push({ t, process: PORTAL_LIVE_HEAP, pid: stack.pid, memoryMb: Math.round(mb * 10) / 10, cpu: 0 }),
      () => undefined,
    );
  };
  const timer = setInterval(sample, everyMs);
  const heapTimer = setInterval(sampleLiveHeap, LIVE_HEAP_EVERY_MS);
  sample();
  sampleLiveHeap();
  return {
    processes,
    stored,
    stop: () => {
      clearInterval(timer);
      clearInterval(heapTimer);
      document.destroy();
    },
  };
}

/** The exchanges stored for the patients, counted by the table (Select COUNT on each patient's partition). */
async function countStored(document: DynamoDBDocumentClient, patientIds: string[]): Promise<number> {
  let total = 0;
  for (const patientId of patientIds) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await document.send(new QueryCommand({ ...exchangeItemsOf(patientId), Select: 'COUNT', ExclusiveStartKey }));
      total += page.Count ?? 0;
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
  return total;
}
