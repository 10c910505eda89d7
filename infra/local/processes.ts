import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A child process of the local stack, its output kept in a log file under the data folder. */
export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function startProcess(name: string, command: string, args: string[], options: SpawnOptions & { logDir: string }): ManagedProcess {
  return manageProcess(name, spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] }), options.logDir);
}

/** Keeps a started child's output in `<logDir>/<name>.log` and gives it a stop that waits for its exit. */
export function manageProcess(name: string, child: ChildProcess, logDir: string): ManagedProcess {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  return { name, child, stop: () => stopChild(child).finally(() => log.end()) };
}

/** Stops a child with SIGTERM, then SIGKILL if it has not gone after a grace period. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A TCP port that was free a moment ago, from the operating system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `probe` succeeds, or fails after `timeoutMs` with the last error. */
export async function waitFor(what: string, probe: () => Promise<unknown>, timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${what} did not start in ${timeoutMs} ms: ${String(lastError)}`);
}

/** How long a child stopped by SIGINT or SIGTERM waits for the stack's own stop before it is restarted. */
const STOP_SIGNAL_GRACE_MS = 3000;

/** A child the local stack keeps running: when it dies, it is started again (same port, same data). */
export interface SupervisedProcess {
  name: string;
  /** The child running now (or the last one, while it is restarted). */
  current(): ManagedProcess;
  /** False from the moment the child died until its replacement answers. */
  isUp(): boolean;
  stop(): Promise<void>;
}

/**
 * Watches `first`; when it exits without being stopped, logs one line, starts it again with
 * `restart` (which resolves once the new child answers), retrying with a growing pause, and logs
 * one line when it is back.
 */
export function supervise(first: ManagedProcess, restart: () => Promise<ManagedProcess>, options: { log: (line: string) => void }): SupervisedProcess {
  let current = first;
  let up = true;
  let stopping = false;
  let restarting: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  /** A pause that the stack's stop ends at once. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const watch = (managed: ManagedProcess) => {
    managed.child.once('exit', (code, signal) => {
      if (stopping || managed !== current) return;
      void managed.stop(); // closes its log file
      up = false;
      const since = Date.now();
      // Ctrl-C in a terminal reaches the children too, a moment before the stack's own stop: wait for it.
      const askedToStop = signal === 'SIGINT' || signal === 'SIGTERM' || code === 130 || code === 143;
      restarting = (async () => {
        if (askedToStop) await pause(STOP_SIGNAL_GRACE_MS);
        if (stopping) return;
        options.log(`${managed.name} stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it`);
        for (let attempt = 1; !stopping; attempt += 1) {
          try {
            const next = await restart();
            if (stopping) return void (await next.stop());
            current = next;
            up = true;
            watch(next);
            options.log(`${managed.name} is back after ${((Date.now() - since) / 1000).toFixed(1)} s`);
            return;
          } catch (error) {
            options.log(`${managed.name} did not restart (attempt ${attempt}): ${(error as Error).message}`);
            await pause(Math.min(1000 * attempt, 10_000));
          }
        }
      })().finally(() => (restarting = undefined));
    });
  };
  watch(first);

  return {
    name: first.name,
    current: () => current,
    isUp: () => up,
    stop: async () => {
      stopping = true;
      wake?.();
      await restarting;
      await current.stop();
    },
  };
}
