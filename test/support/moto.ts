import path from 'node:path';
import { freePort, startProcess, waitFor, type ManagedProcess } from '@infra/local/processes';

/** A request as moto received it (its recorder's line): what an adapter's call put on the wire. */
export interface MotoRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
}

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
    const dataDir = process.env.TEST_DATA_DIR!;
    server = startProcess('moto', 'moto_server', ['-H', '127.0.0.1', '-p', String(port)], {
      logDir: path.join(dataDir, 'logs'),
      // Each moto keeps its own recording (moto's default is a file in its working folder).
      env: { ...process.env, MOTO_RECORDER_FILEPATH: path.join(dataDir, `moto-${port}.recording`) },
    });
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

  const motoApi = async (route: string, method = 'GET') => {
    const response = await fetch(`${url}/moto-api/${route}`, { method });
    if (!response.ok) throw new Error(`moto-api/${route} answered ${response.status}`);
    return response.text();
  };

  return {
    /** moto's address, once started. */
    get url() {
      return url;
    },
    /** From now on moto records every request it receives (what came before is forgotten). */
    async startRecording(): Promise<void> {
      await motoApi('recorder/reset-recording', 'POST');
      await motoApi('recorder/start-recording', 'POST');
    },
    /** The requests moto received since `startRecording`, in order. */
    async recordedRequests(): Promise<MotoRequest[]> {
      const lines = (await motoApi('recorder/download-recording')).split('\n').filter(Boolean);
      return lines.map((line) => {
        const entry = JSON.parse(line) as { method: string; url: string; headers: Record<string, string>; body: string | null; body_encoded: boolean };
        return {
          method: entry.method,
          url: new URL(entry.url),
          headers: Object.fromEntries(Object.entries(entry.headers).map(([name, value]) => [name.toLowerCase(), value])),
          body: Buffer.from(entry.body ?? '', entry.body_encoded ? 'base64' : 'utf8'),
        };
      });
    },
    /**
     * The objects a service's backend holds, by model name, as moto's own dashboard lists them
     * (`/moto-api/data.json`): e.g. the mails SES accepted (`ses` → `Message`).
     */
    async models(service: string): Promise<Record<string, Array<Record<string, unknown>>>> {
      const data = JSON.parse(await motoApi('data.json')) as Record<string, Record<string, Array<Record<string, unknown>>>>;
      return data[service] ?? {};
    },
  };
}
