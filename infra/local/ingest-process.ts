import { fork } from 'node:child_process';
import path from 'node:path';
import type { DeviceMessageEvent, IngestResult } from '@functions/devices/ingest';
import type { IngestReply, IngestRequest } from './ingest-child';
import { stopChild, supervise, type ManagedProcess } from './processes';

/** The ingest's process as the local stack sees it: the twin of the ingest Lambda behind IoT Core's rule. */
export interface IngestProcess {
  /**
   * Takes one device message, each device's in order. Rejects when the ingest failed it or its
   * process is down or restarting: the broker then leaves the message unacknowledged.
   */
  take(event: DeviceMessageEvent): Promise<IngestResult>;
  /** Tells the ingest's background lane whether the screens' requests are at DynamoDB Local now. */
  screensBusy(busy: boolean): void;
  /** The process running now. */
  current(): ManagedProcess;
  /** Its V8 heap in use after a full collection, MB, when the stack runs with --expose-gc. */
  liveHeapMb(): Promise<number | undefined>;
  stop(): Promise<void>;
}

interface Connection {
  managed: ManagedProcess;
  ask(request: IngestRequest & { id: number }): Promise<IngestReply>;
  tell(request: IngestRequest): void;
}

const CHILD = path.join(__dirname, 'ingest-child.ts');
/** A process that has not loaded the ingest by then is killed (and, when restarting, tried again). */
const READY_WITHIN_MS = 60_000;

/**
 * Starts the ingest in a process of its own (ingest-child.ts), with the environment the stack has
 * set by now, and starts it again when it dies, as Lambda would give the next message a new
 * instance. Messages in flight when it dies are not acknowledged, so their devices send them again.
 */
export async function startIngestProcess(options: { log: (line: string) => void }): Promise<IngestProcess> {
  let connection = await connect();
  const supervised = supervise(
    connection.managed,
    async () => {
      connection = await connect();
      return connection.managed;
    },
    options,
  );
  let nextId = 1;
  const ask = (request: IngestRequest & { id: number }) =>
    supervised.isUp() ? connection.ask(request) : Promise.reject(new Error('the ingest is restarting'));
  return {
    take: async (event) => {
      const reply = await ask({ type: 'take', id: nextId++, event });
      if (reply.type !== 'taken') throw new Error(reply.type === 'failed' ? reply.error : `unexpected ${reply.type}`);
      return reply.result;
    },
    screensBusy: (busy) => {
      if (supervised.isUp()) connection.tell({ type: 'screens', busy });
    },
    current: () => supervised.current(),
    liveHeapMb: async () => {
      const reply = await ask({ type: 'liveHeap', id: nextId++ });
      return reply.type === 'liveHeap' ? reply.mb : undefined;
    },
    stop: () => supervised.stop(),
  };
}

/** Forks the ingest and resolves once it says it is ready; its output is the stack's own. */
async function connect(): Promise<Connection> {
  const child = fork(CHILD, [], {
    env: process.env,
    execArgv: ['--import', 'tsx', ...process.execArgv.filter((flag) => flag === '--expose-gc')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (reply: IngestReply) => void; reject: (error: Error) => void }>();
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (reply: IngestReply) => {
      if (reply.type === 'ready') return resolve();
      waiting.get(reply.id)?.resolve(reply);
      waiting.delete(reply.id);
    });
    child.once('exit', (code, signal) => {
      const ended = new Error(`the ingest's process ended (${signal ?? `exit code ${code}`})`);
      reject(ended);
      for (const pending of waiting.values()) pending.reject(ended);
      waiting.clear();
    });
  });
  const managed: ManagedProcess = { name: 'ingest', child, stop: () => stopChild(child) };
  const tell = (request: IngestRequest, onError?: (error: Error) => void) => {
    if (!child.connected) return onError?.(new Error("the ingest's process is not connected"));
    child.send(request, (error) => error && onError?.(error));
  };
  const slow = setTimeout(() => child.kill('SIGKILL'), READY_WITHIN_MS);
  await ready.finally(() => clearTimeout(slow));
  return {
    managed,
    ask: (request) =>
      new Promise((resolve, reject) => {
        waiting.set(request.id, { resolve, reject });
        tell(request, (error) => {
          waiting.delete(request.id);
          reject(error);
        });
      }),
    tell,
  };
}
