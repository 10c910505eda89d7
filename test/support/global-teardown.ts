import { rmSync } from 'node:fs';
import type { ManagedProcess } from '@infra/local/processes';

export default async function globalTeardown(): Promise<void> {
  const started = globalThis as { __localProcesses?: ManagedProcess[]; __localServers?: Array<{ close(): Promise<void> }> };
  await Promise.all((started.__localServers ?? []).map((server) => server.close()));
  await Promise.all((started.__localProcesses ?? []).map((p) => p.stop()));
  if (process.env.TEST_DATA_DIR) rmSync(process.env.TEST_DATA_DIR, { recursive: true, force: true });
}
