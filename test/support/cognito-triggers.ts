import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { invokeLambda, type LambdaInvoke } from '@infra/local/lambda-twin';

/**
 * One cognito-local serves the whole jest run, and each test file has its own table and user pool
 * (local-services.ts): a trigger must run in the file that owns the pool, with that file's table.
 * Each file runs its own Lambda twin and registers it here under its pool's id; the run's twin,
 * which cognito-local and the front call, hands each invocation to the twin of its `userPoolId`.
 * An unregistered pool is refused (fails closed), as a trigger that cannot run refuses on AWS.
 */
const registry = () => path.join(process.env.TEST_DATA_DIR!, 'cognito-triggers');

export function registerTriggers(userPoolId: string, url: string): void {
  mkdirSync(registry(), { recursive: true });
  writeFileSync(path.join(registry(), userPoolId), url);
}

export function unregisterTriggers(userPoolId: string): void {
  rmSync(path.join(registry(), userPoolId), { force: true });
}

/** The run's invoke: to the twin registered for the event's user pool. */
export function triggersByUserPool(): LambdaInvoke {
  return async (functionName, event) => {
    const userPoolId = (event as { userPoolId?: unknown }).userPoolId;
    let url: string;
    try {
      url = readFileSync(path.join(registry(), path.basename(String(userPoolId))), 'utf8');
    } catch {
      throw new Error(`no triggers registered for user pool ${String(userPoolId)}`);
    }
    return invokeLambda(url, functionName, event);
  };
}
