import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@infra/local/processes';
import mqtt from 'mqtt';
import { DEMO_PASSWORD, REPORTING_DEMO_DEVICES } from '@infra/local/seed';
import { devicePrescriptionSchema, deviceTopics } from '@shared/device';

/**
 * README's `npm start`, run as a newcomer runs it: the whole portal comes up with demo data,
 * keeps its data across a restart, serves images through signed links, and Ctrl-C leaves no
 * process behind.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  url: string;
  mqttUrl: string;
  output: () => string;
}

async function npmStart(port: number): Promise<Started> {
  const mqttPort = await freePort();
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'infra/local/start.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), MQTT_PORT: String(mqttPort), SIMULATE: '0', SEED_HISTORY_DAYS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('[local] portal:')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
  return { child, url: `http://localhost:${port}`, mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, output: () => output };
}

/** Ctrl-C, and the pids of the started process's children, to check none outlives it. */
async function ctrlC(started: Started): Promise<number> {
  const exited = new Promise<number>((resolve) => started.child.once('exit', (code) => resolve(code ?? -1)));
  started.child.kill('SIGINT');
  return exited;
}

/** Every process below `pid` (tsx runs the script in a child, which starts the databases). */
function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** A process that still runs: it exists and is not a zombie waiting to be reaped. */
function alive(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' ? undefined : `${pid} ${state} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')}`;
  } catch {
    return undefined;
  }
}

/** The processes still running a moment after their parent exited (a busy machine takes a little while to finish an exit). */
async function stillAlive(pids: number[], withinMs = 5000): Promise<string[]> {
  const until = Date.now() + withinMs;
  let running = pids.map(alive).filter((entry): entry is string => entry !== undefined);
  while (running.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    running = pids.map(alive).filter((entry): entry is string => entry !== undefined);
  }
  return running;
}

async function signIn(url: string, email: string) {
  const { token } = (await (await fetch(`${url}/local/human-verification/token`, { method: 'POST' })).json()) as { token: string };
  const response = await fetch(`${url}/api/v1/webapp/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: DEMO_PASSWORD, reCaptchaToken: token }),
  });
  return { status: response.status, body: (await response.json()) as { status: string; profile?: { Role: string } } };
}

describe('npm start', () => {
  it('starts the portal with demo data, keeps it across a restart, and Ctrl-C stops every process', async () => {
    const port = await freePort();
    const first = await npmStart(port);
    expect(first.output()).toContain('[seed] accounts of every role');
    expect(await signIn(first.url, 'admin@liberdi.demo')).toMatchObject({ status: 200, body: { status: 'pass', profile: { Role: 'LiberDiAdmin' } } });
    const page = await fetch(`${first.url}/patients`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const children = descendants(first.child.pid!);
    expect(children.length).toBeGreaterThanOrEqual(3); // the script, DynamoDB Local and cognito-local
    expect(await ctrlC(first)).toBe(0);
    expect(await stillAlive(children)).toEqual([]);

    const second = await npmStart(port);
    try {
      expect(second.output()).not.toContain('[seed]');
      expect(await signIn(second.url, 'nurse@haifa.demo')).toMatchObject({ status: 200, body: { status: 'pass', profile: { Role: 'Nurse' } } });
      // A device connecting after the restart still gets its prescription, as IoT Core's retained message.
      const serialNumber = REPORTING_DEMO_DEVICES[0]!;
      const secret = (JSON.parse(readFileSync(path.join(dataDir, 'demo-device-secrets.json'), 'utf8')) as Record<string, string>)[serialNumber];
      const device = await mqtt.connectAsync(second.mqttUrl, { clientId: serialNumber, username: serialNumber, password: secret });
      try {
        const received = new Promise<string>((resolve) => device.once('message', (_topic, payload) => resolve(payload.toString())));
        await device.subscribeAsync(deviceTopics.prescription(serialNumber), { qos: 1 });
        expect(devicePrescriptionSchema.parse(JSON.parse(await received))).toMatchObject({ SerialNumber: serialNumber });
      } finally {
        await device.endAsync(true);
      }
    } finally {
      expect(await ctrlC(second)).toBe(0);
    }
  }, 240_000);

  it('serves images through signed links on its own origin', async () => {
    const started = await npmStart(await freePort());
    try {
      const script = `(async () => {
        const { imageStore } = require(${JSON.stringify(path.resolve('functions/lib/image-store.ts'))});
        const upload = await imageStore.uploadUrl('clinics/c1/logo.png', 'image/png');
        const put = await fetch(upload, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array([137, 80, 78, 71]) });
        const got = await fetch(await imageStore.downloadUrl('clinics/c1/logo.png'));
        console.log(JSON.stringify({ origin: new URL(upload).origin, put: put.status, get: got.status, type: got.headers.get('content-type'), bytes: [...new Uint8Array(await got.arrayBuffer())] }));
      })();`;
      const env = { ...process.env, IMAGES_BUCKET: 'pd-portal-images', S3_FORCE_PATH_STYLE: 'true', AWS_ENDPOINT_URL_S3: `${started.url}/local/s3` };
      const run = spawn(process.execPath, [require.resolve('tsx/cli'), '--eval', script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      await new Promise((resolve) => run.once('exit', resolve));
      expect(JSON.parse(out)).toEqual({ origin: started.url, put: 200, get: 200, type: 'image/png', bytes: [137, 80, 78, 71] });
    } finally {
      await ctrlC(started);
    }
  }, 240_000);
});
