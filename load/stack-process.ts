import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { LocalStackOptions } from '@infra/local/stack';
import type { StackMessage, StackRequest } from './stack-child';

/** A running part of the stack: DynamoDB Local (`dynamodb`) or cognito-local (`cognito`). */
export interface StackPart {
  name: string;
  pid: number;
}

/** The local stack running in its own process (load/stack-child.ts), as the load run sees it. */
export interface StackProcess {
  url: string;
  mqttUrl: string;
  dataDir: string;
  /** The portal's process: the API, the broker and the ingest. */
  pid: number;
  restartBroker(): Promise<void>;
  /** Runs the scheduled skipped-exchange check now, from its start to its end; it begins after the call. */
  checkSkippedExchanges(): Promise<void>;
  parts(): Promise<StackPart[]>;
  /** The portal's V8 heap in use after a full collection, MB (load/stack-child.ts). */
  liveHeapMb(): Promise<number | undefined>;
  stop(): Promise<void>;
}

/**
 * Starts the stack in a child process and takes over the environment it set (endpoints, user pool,
 * the local verifier's secret), so the run's seeding, staff and accounting reach the same stack.
 */
export async function startStackProcess(
  options: Omit<LocalStackOptions, 'log'>,
  log: (line: string) => void,
  env: Record<string, string> = {},
): Promise<StackProcess> {
  const child = fork(path.join(__dirname, 'stack-child.ts'), [JSON.stringify(options)], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const lines = (stream: NodeJS.ReadableStream | null) =>
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) log(line);
    });
  lines(child.stdout);
  lines(child.stderr);

  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const ready = new Promise<Extract<StackMessage, { type: 'ready' }>>((resolve, reject) => {
    child.on('message', (message: StackMessage) => {
      if (message.type === 'ready') resolve(message);
      else if (message.type === 'failed') reject(new Error(`the local stack did not start: ${message.error}`));
      else if (message.type === 'log') log(message.line);
      else {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error === undefined) pending?.resolve(message.result);
        else pending?.reject(new Error(message.error));
      }
    });
    child.once('exit', (code) => {
      const ended = new Error(`the local stack's process ended (${code})`);
      reject(ended);
      for (const pending of waiting.values()) pending.reject(ended);
      waiting.clear();
    });
  });
  const ask = <T>(op: StackRequest['op']) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, op } satisfies StackRequest);
    });

  const started = await ready;
  Object.assign(process.env, started.env);
  return {
    url: started.url,
    mqttUrl: started.mqttUrl,
    dataDir: started.dataDir,
    pid: child.pid!,
    restartBroker: () => ask<void>('restartBroker'),
    checkSkippedExchanges: () => ask<void>('checkSkippedExchanges'),
    parts: () => ask<StackPart[]>('parts'),
    liveHeapMb: () => ask<number | undefined>('liveHeap'),
    stop: () => stopChild(child),
  };
}

/** Disconnecting tells the child to stop its parts and exit; it is killed if it has not within 20 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(killer);
}
