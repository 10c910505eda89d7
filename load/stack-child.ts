/**
 * The local stack in a process of its own, as `npm start` runs it, driven by the load run over IPC
 * (load/stack-process.ts). Apart from the devices and staff that load it, its memory and CPU are
 * the portal's alone, and its event loop serves the portal only, as each Lambda's does on AWS.
 */
import { startLocalStack, type LocalStackOptions } from '@infra/local/stack';

export type StackRequest = { id: number; op: 'restartBroker' | 'parts' | 'liveHeap' | 'checkSkippedExchanges' };
export type StackMessage =
  | { type: 'ready'; url: string; mqttUrl: string; dataDir: string; env: Record<string, string> }
  | { type: 'reply'; id: number; result?: unknown; error?: string }
  | { type: 'log'; line: string }
  | { type: 'failed'; error: string };

const send = (message: StackMessage) => process.send?.(message);

/**
 * The V8 heap in use right after a full collection (the process runs with --expose-gc): what the
 * portal holds alive. The resident size also follows V8's heap sizing, which grows with the load
 * and gives back late, so a leak shows here first and only here for sure.
 */
function liveHeapMb(): number | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return undefined;
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as Omit<LocalStackOptions, 'log'>;
  const before = { ...process.env };
  const stack = await startLocalStack({ ...options, log: (line) => send({ type: 'log', line }) });
  // What the stack set (endpoints, pool, secrets): the load run's seeding and accounting read the same.
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && before[entry[0]] !== entry[1]),
  );
  const ops: Record<StackRequest['op'], () => Promise<unknown>> = {
    restartBroker: () => stack.restartBroker(),
    // Twice: the first may join a run already under way, begun before the request.
    checkSkippedExchanges: () => stack.checkSkippedExchanges().then(() => stack.checkSkippedExchanges()),
    liveHeap: async () => liveHeapMb(),
    parts: async () => stack.processes().map((part) => ({ name: part.name, pid: part.child.pid ?? 0 })),
  };
  process.on('message', (request: StackRequest) => {
    const answer = ops[request.op]();
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
