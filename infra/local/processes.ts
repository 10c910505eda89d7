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

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { logDir: string },
): ManagedProcess {
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
