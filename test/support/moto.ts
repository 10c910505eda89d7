import path from 'node:path';
import { freePort, startProcess, waitFor, type ManagedProcess } from '@infra/local/processes';

/**
 * For a test file: moto in server mode (`moto_server`, the emulator of AWS services that have no
 * local twin of ours) on a free loopback port, started before the file's tests and stopped after.
 * Each service named gets its SDK endpoint variable (`S3` → AWS_ENDPOINT_URL_S3), which the
 * adapters' clients read as they read it on AWS, so the test runs the code that deploys. Each file
 * has a moto of its own: no state is shared between files. Its log is `moto.log` in the run's logs.
 */
export function useMoto(options: { endpointsFor: readonly string[] }) {
  let server: ManagedProcess | undefined;
  let url = '';
  beforeAll(async () => {
    const port = await freePort();
    server = startProcess('moto', 'moto_server', ['-H', '127.0.0.1', '-p', String(port)], { logDir: path.join(process.env.TEST_DATA_DIR!, 'logs') });
    url = `http://127.0.0.1:${port}`;
    await waitFor('moto_server', async () => {
      const response = await fetch(`${url}/moto-api/`);
      if (!response.ok) throw new Error(`moto answered ${response.status}`);
    });
    for (const service of options.endpointsFor) process.env[`AWS_ENDPOINT_URL_${service}`] = url;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  return {
    /** moto's address, once started. */
    get url() {
      return url;
    },
  };
}
