/**
 * The local stack in a process of its own, as `npm start` runs it, driven by the load run over IPC
 * (load/stack-process.ts). Apart from the devices and staff that load it, its memory and CPU are
 * the portal's alone, and its event loop serves the portal only, as each Lambda's does on AWS.
 */
import { liveHeapMb } from '@infra/local/live-heap';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '@infra/local/stack';
import { INGEST_LIVE_HEAP, PORTAL_LIVE_HEAP } from './sampler';

export interface LiveHeap {
  process: string;
  pid: number;
  mb: number;
}

export type StackRequest = { id: number; op: 'restartBroker' | 'parts' | 'liveHeap' };
export type StackMessage =
  | { type: 'ready'; url: string; mqttUrl: string; dataDir: string; env: Record<string, string> }
  | { type: 'reply'; id: number; result?: unknown; error?: string }
  | { type: 'log'; line: string }
  | { type: 'failed'; error: string };

const send = (message: StackMessage) => process.send?.(message);

/** The live heap of the portal's process and of the ingest's, each with its pid. */
async function liveHeaps(stack: LocalStack): Promise<LiveHeap[]> {
  const portal = liveHeapMb();
  const ingest = await stack.ingestLiveHeapMb().catch(() => undefined); // restarting: no sample this time
  const ingestPid = stack.processes().find((part) => part.name === 'ingest')?.child.pid ?? 0;
  return [
    ...(portal === undefined ? [] : [{ process: PORTAL_LIVE_HEAP, pid: process.pid, mb: portal }]),
    ...(ingest === undefined ? [] : [{ process: INGEST_LIVE_HEAP, pid: ingestPid, mb: ingest }]),
  ];
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as Omit<LocalStackOptions, 'log'>;
  const before = { ...process.env };
  const stack = await startLocalStack({ ...options, log: (line) => send({ type: 'log', line }) });
  // What the stack set (endpoints, pool, secrets): the load run's seeding and accounting read the same.
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && before[entry[0]] !== entry[1]),
  );
  process.on('message', (request: StackRequest) => {
    const answer =
      request.op === 'restartBroker'
        ? stack.restartBroker().then(() => undefined)
        : request.op === 'liveHeap'
          ? liveHeaps(stack)
          : Promise.resolve(stack.processes().map((part) => ({ name: part.name, pid: part.child.pid ?? 0 })));
    answer.then(
      (result) => send({ type: 'reply', id: request.id, result }),
      (error: unknown) => send({ type: 'reply', id: request.id, error: String(error) }),
    );
  });
  // The parent gone (the run over, or killed): stop the parts, so no DynamoDB Local outlives it.
  process.on('disconnect', () => void stack.stop().finally(() => process.exit(0)));
  send({ type: 'ready', url: stack.url, mqttUrl: stack.mqttUrl, dataDir: stack.dataDir, env });
}

main().catch((error: unknown) => {
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
