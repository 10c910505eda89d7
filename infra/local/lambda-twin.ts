import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Runs one invocation of a function by its name; a thrown error is the function's error. */
export type LambdaInvoke = (functionName: string, event: unknown) => Promise<unknown>;

/** The function this twin is running, within its invocation: a test tells a trigger's table reads from the route's that set it off. */
export const lambdaInvocation = new AsyncLocalStorage<string>();

const INVOCATIONS = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * The local twin of Lambda's Invoke API for Cognito's triggers, which cognito-local calls at the
 * endpoint of its config (infra/local/cognito.ts): the function's result as JSON, or Lambda's answer
 * for an unhandled error, which Cognito turns into UserLambdaValidationException. Loopback only and
 * unsigned: a trigger refuses or passes, it hands out nothing.
 */
export async function startLambdaTwin(invoke: LambdaInvoke): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const name = INVOCATIONS.exec(req.url ?? '')?.[1];
    const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(statusCode, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (req.method !== 'POST' || !name) {
      json(404, { message: 'Function not found' });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const run = async () => {
        let event: unknown;
        try {
          event = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
        } catch {
          return json(400, { message: 'Could not parse request body into json' });
        }
        try {
          const functionName = decodeURIComponent(name);
          json(200, (await lambdaInvocation.run(functionName, () => invoke(functionName, event))) ?? null);
        } catch (error) {
          const { name: errorType, message } = error as Error;
          json(200, { errorType, errorMessage: message }, { 'x-amz-function-error': 'Unhandled' });
        }
      };
      void run();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Invokes a function through a Lambda Invoke endpoint as Cognito does; the function's error is thrown with its message. */
export async function invokeLambda(endpoint: string, functionName: string, event: unknown): Promise<unknown> {
  const response = await fetch(`${endpoint}/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
  const payload = (await response.json()) as { errorMessage?: string } | null;
  if (response.headers.get('x-amz-function-error') || response.status !== 200) throw new Error(payload?.errorMessage ?? `${functionName} failed`);
  return payload;
}
