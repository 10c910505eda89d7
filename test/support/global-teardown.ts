import { rmSync } from 'node:fs';
import type { ManagedProcess } from '@infra/local/processes';

export default async function globalTeardown(): Promise<void> {
  const processes = (globalThis as { __localProcesses?: ManagedProcess[] }).__localProcesses ?? [];
  await Promise.all(processes.map((p) => p.stop()));
  if (process.env.TEST_DATA_DIR) rmSync(process.env.TEST_DATA_DIR, { recursive: true, force: true });
}
