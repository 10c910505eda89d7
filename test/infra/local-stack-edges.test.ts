import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { deadLettersRepository } from '@functions/data/dead-letters-repository';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { DEAD_LETTER_ALARM } from '@functions/devices/dead-letter-alarm';
import { imageStore } from '@functions/lib/image-store';
import { deviceCredentials, deviceCredentialsFile } from '@infra/local/device-credentials';
import { startLocalStack, type LocalStack } from '@infra/local/stack';
import { API_BASE } from '@shared/api/paths';
import { deviceTopics } from '@shared/device';
import * as messages from '@shared/messages';
import { createPatientWithDevice, exchangeReport } from '../support/devices';
import { isLoopback, listenersOf } from '../support/listeners';

/**
 * The local stack at its edges, as a browser, a device or a stranger meets it: bad input is a
 * 400 (never a crash or a 500), an oversize device message is refused as IoT Core refuses it and
 * kept, devices need their own secret, only the portal's pages may open the MQTT WebSocket, and
 * image links work only as signed.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-edges-'));
let stack: LocalStack;
/** The stack's own log lines (npm start prints them). */
const stackLog: string[] = [];

beforeAll(async () => {
  stack = await startLocalStack({ dataDir, port: 0, mqttPort: 0, log: (line) => stackLog.push(line) });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const today = () => new Date().toISOString().slice(0, 10);
/** A device of a patient, with its secret issued in the stack's own credential registry. */
async function deviceWithSecret() {
  const made = await createPatientWithDevice();
  const secret = deviceCredentials(deviceCredentialsFile(dataDir)).issue(made.device.SerialNumber);
  return { ...made, serialNumber: made.device.SerialNumber, secret };
}
const connect = (serialNumber: string, options: mqtt.IClientOptions = {}) =>
  mqtt.connectAsync(stack.mqttUrl, { clientId: serialNumber, clean: true, reconnectPeriod: 0, ...options });

async function until(done: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Sends raw bytes over HTTP/1.1 and returns the status line, for requests fetch will not make. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString()));
    socket.on('end', () => resolve(response.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

describe('a malformed % escape in a URL', () => {
  it('is a 400 with the API error body on an API path parameter', async () => {
    const response = await fetch(`${stack.url}${API_BASE}/users/%E0%A4%A/session`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: [messages.errors.malformedRequest] });
  });

  it('is a 400 from the object store, the web files and the IoT data-plane twin, and nothing crashes', async () => {
    expect((await fetch(`${stack.url}/local/s3/pd-portal-images/%E0%A4%A.png`)).status).toBe(400);
    expect((await fetch(`${stack.url}/%E0%A4%A.js`)).status).toBe(400);
    expect((await fetch(`${stack.url}/patients/%`)).status).toBe(400);
    const dataPlane = await fetch(`${process.env.AWS_ENDPOINT_URL_IOT_DATA_PLANE}/topics/pd%2Fdevices%2F%E0%A4%A?qos=1`, { method: 'POST', body: '{}' });
    expect(dataPlane.status).toBe(400);
    const port = Number(new URL(stack.url).port);
    expect(await rawRequest(port, 'GET / HTTP/1.1\r\nHost: [\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    expect((await fetch(`${stack.url}/config.json`)).status).toBe(200);
  });
});

describe('a page on another name rebound to this machine (DNS rebinding)', () => {
  it('is refused with 421 before anything runs: the API, the web, image links and the MQTT WebSocket', async () => {
    const port = Number(new URL(stack.url).port);
    const request = (target: string, host: string) => rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    for (const target of [`${API_BASE}/general/d_update`, '/', '/config.json', '/local/s3/pd-portal-images/x.png', '/patients']) {
      expect(await request(target, `evil.example:${port}`)).toBe('HTTP/1.1 421 Misdirected Request');
      expect(await request(target, `localhost.evil.example:${port}`)).toBe('HTTP/1.1 421 Misdirected Request');
    }
    expect(await request('/config.json', `localhost:${port}`)).toBe('HTTP/1.1 200 OK');
    expect(await request('/config.json', `127.0.0.1:${port}`)).toBe('HTTP/1.1 200 OK');
    const upgrade = await rawRequest(
      port,
      `GET /mqtt HTTP/1.1\r\nHost: evil.example:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: mqtt\r\n\r\n`,
    );
    expect(upgrade).toBe('HTTP/1.1 421 Misdirected Request');
  });
});

describe('the local stack on the network', () => {
  it('listens on loopback only: the API and web, the broker, DynamoDB Local and cognito-local', () => {
    const listeners = listenersOf(process.pid);
    expect(listeners.map((listener) => listener.port)).toEqual(expect.arrayContaining([Number(new URL(stack.url).port), Number(new URL(stack.mqttUrl).port)]));
    for (const part of stack.processes()) {
      expect({ part: part.name, listening: listenersOf(part.child.pid!).length > 0 }).toEqual({ part: part.name, listening: true });
    }
    expect(listeners.filter((listener) => !isLoopback(listener.address))).toEqual([]);
  });
});

describe('a device message over IoT Core’s 128 KB', () => {
  it('is refused unacknowledged with the connection closed, kept once as a dead letter and logged', async () => {
    const { serialNumber, secret, patient } = await deviceWithSecret();
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const oversize = JSON.stringify({ ...exchangeReport(new Date()), Note: 'x'.repeat(140 * 1024) });
      const client = await connect(serialNumber, { username: serialNumber, password: secret, clean: false, reconnectPeriod: 300 });
      const closed = new Promise((resolve) => client.once('close', () => resolve('closed')));
      const acknowledged = client.publishAsync(deviceTopics.exchange(serialNumber), oversize, { qos: 1 }).then(() => 'acknowledged');
      expect(await Promise.race([acknowledged, closed])).toBe('closed');
      // The device reconnects and sends it again: refused again, but kept only once.
      await new Promise<void>((resolve) => client.once('close', () => resolve()));
      await client.endAsync(true);

      const letters = (await deadLettersRepository.listForDay(today())).items.filter((letter) => letter.ClientId === serialNumber);
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({ Topic: deviceTopics.exchange(serialNumber), Reason: expect.stringContaining('128 KB') });
      expect(Buffer.from(letters[0]!.Payload, 'base64').toString()).toBe(oversize.slice(0, 128 * 1024));
      expect(warnings.mock.calls.flat().join('\n')).toContain(`${serialNumber} ${deviceTopics.exchange(serialNumber)}: Payload of ${oversize.length} bytes`);

      // The device goes on: its next exchange is taken.
      const next = exchangeReport(new Date());
      const again = await connect(serialNumber, { username: serialNumber, password: secret });
      await again.publishAsync(deviceTopics.exchange(serialNumber), JSON.stringify(next), { qos: 1 });
      await again.endAsync();
      const stored = await exchangesRepository.listForPatient(patient.UserID, { from: '2000-01-01', to: '2100-01-01' });
      expect(stored.items.map((exchange) => exchange._id)).toEqual([next._id]);
    } finally {
      warnings.mockRestore();
    }
  });
});

describe('dead letters coming fast', () => {
  it('make the stack log one line once the last minutes hold as many as the DeadLetters alarm’s threshold, not one per letter', async () => {
    const { serialNumber, secret } = await deviceWithSecret();
    const client = await connect(serialNumber, { username: serialNumber, password: secret });
    try {
      for (let n = 0; n < DEAD_LETTER_ALARM.letters + 3; n++) {
        await client.publishAsync(deviceTopics.exchange(serialNumber), `not json ${n}`, { qos: 1 });
      }
    } finally {
      await client.endAsync();
    }
    const letters = (await deadLettersRepository.listForDevice(serialNumber)).items;
    expect(letters).toHaveLength(DEAD_LETTER_ALARM.letters + 3);
    expect(stackLog.filter((line) => line.startsWith('dead letters:'))).toEqual([
      expect.stringMatching(new RegExp(`^dead letters: \\d+ device messages refused in the last ${DEAD_LETTER_ALARM.minutes} minutes`)),
    ]);
  });
});

describe('the broker checks who connects', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('lets a device in with its own serial number and secret only', async () => {
    const { serialNumber, secret } = await deviceWithSecret();
    const other = await deviceWithSecret();
    const refusal = (options: mqtt.IClientOptions) =>
      connect(serialNumber, options).then(
        async (client) => {
          await client.endAsync(true);
          return 'connected';
        },
        (error: Error & { code?: number }) => error.code,
      );
    expect(await refusal({})).toBe(4); // bad user name or password
    expect(await refusal({ username: serialNumber, password: 'guess' })).toBe(4);
    expect(await refusal({ username: serialNumber, password: other.secret })).toBe(4);
    expect(await refusal({ username: other.serialNumber, password: other.secret })).toBe(4); // its client id is not its username
    expect(await refusal({ username: serialNumber, password: secret })).toBe('connected');
  });

  it('opens the MQTT WebSocket to the portal’s own pages only', async () => {
    const upgrade = (origin: string) =>
      new Promise<number | 'open'>((resolve, reject) => {
        const socket = new WebSocket(stack.webSocketMqttUrl, 'mqtt', { origin });
        socket.once('open', () => {
          socket.close();
          resolve('open');
        });
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('error', reject);
      });
    expect(await upgrade('http://evil.example')).toBe(403);
    expect(await upgrade(`http://localhost:${new URL(stack.url).port}.evil.example`)).toBe(403);
    expect(await upgrade(stack.url)).toBe('open');
  });
});

describe('the IoT data-plane twin', () => {
  it('publishes to a device only for a request signed with the backend’s credentials', async () => {
    const { serialNumber, secret } = await deviceWithSecret();
    const device = await connect(serialNumber, { username: serialNumber, password: secret });
    const received: string[] = [];
    device.on('message', (_topic, payload) => received.push(payload.toString()));
    await device.subscribeAsync(deviceTopics.settings(serialNumber), { qos: 1 });
    const endpoint = `${process.env.AWS_ENDPOINT_URL_IOT_DATA_PLANE}/topics/${encodeURIComponent(deviceTopics.settings(serialNumber))}?qos=1`;
    try {
      expect((await fetch(endpoint, { method: 'POST', body: '{"forged":true}' })).status).toBe(403);
      const client = new IoTDataPlaneClient({});
      const other = new IoTDataPlaneClient({ credentials: { accessKeyId: 'local', secretAccessKey: 'guessed' } });
      await expect(
        other.send(new PublishCommand({ topic: deviceTopics.settings(serialNumber), qos: 1, payload: Buffer.from('{"forged":true}') })),
      ).rejects.toThrow();
      await client.send(new PublishCommand({ topic: deviceTopics.settings(serialNumber), qos: 1, payload: Buffer.from('{"signed":true}') }));
      await until(() => received.length > 0);
      expect(received).toEqual(['{"signed":true}']);
      client.destroy();
      other.destroy();
    } finally {
      await device.endAsync(true);
    }
  });
});

describe('DynamoDB Local', () => {
  it('gives no web page the browser opens access to the table (no CORS for any real origin)', async () => {
    const preflight = await fetch(process.env.AWS_ENDPOINT_URL_DYNAMODB!, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-amz-target',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('image links on /local/s3', () => {
  const key = `clinics/c-${Date.now()}/logo.png`;
  const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
  const upload = async () => {
    const put = await fetch(await imageStore.uploadUrl(key, 'image/png'), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
    expect(put.status).toBe(200);
  };

  it('hands out upload links that take a real body: no checksum of an empty one, which S3 and the twin refuse', async () => {
    const link = new URL(await imageStore.uploadUrl(key, 'image/png'));
    expect(link.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    const s3 = new S3Client({ forcePathStyle: true });
    const emptyChecksumLink = await getSignedUrl(s3, new PutObjectCommand({ Bucket: process.env.IMAGES_BUCKET!, Key: key, ContentType: 'image/png' }), {
      expiresIn: 60,
    });
    s3.destroy();
    expect(new URL(emptyChecksumLink).searchParams.get('x-amz-checksum-crc32')).toBe('AAAAAA==');
    const refused = await fetch(emptyChecksumLink, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
    expect(refused.status).toBe(400);
    await upload();
  });

  it('takes a logo through a link bound to its type and size, and refuses another size or type', async () => {
    const logo = `clinics/c-${Date.now()}/logo-bound.png`;
    const link = await imageStore.uploadLink(logo, 'image/png', png.length);
    const put = (body: typeof png, type = 'image/png') => fetch(link, { method: 'PUT', headers: { 'content-type': type }, body });
    expect((await put(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0]))).status).toBe(403);
    expect((await put(png, 'text/html')).status).toBe(403);
    expect((await put(png)).status).toBe(200);
    expect(new Uint8Array(await (await fetch(await imageStore.downloadUrl(logo))).arrayBuffer())).toEqual(png);
  });

  it('removes a logo an update replaced, by the API’s own signed call only', async () => {
    const old = `providers/p-${Date.now()}/logo-old.png`;
    const put = await fetch(await imageStore.uploadLink(old, 'image/png', png.length), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
    expect(put.status).toBe(200);
    const objectUrl = new URL(await imageStore.downloadUrl(old));
    expect((await fetch(`${objectUrl.origin}${objectUrl.pathname}`, { method: 'DELETE' })).status).toBe(403);
    expect((await fetch(await imageStore.downloadUrl(old))).status).toBe(200);
    await imageStore.removeReplaced(old, `providers/p-${Date.now()}/logo-new.png`);
    expect((await fetch(await imageStore.downloadUrl(old))).status).toBe(404);
  });

  it('serves a signed link’s file as an attachment that is never sniffed', async () => {
    await upload();
    const got = await fetch(await imageStore.downloadUrl(key));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="logo.png"');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(png);
  });

  it('refuses a link that is unsigned, altered, for another object or method, or expired', async () => {
    await upload();
    const link = new URL(await imageStore.downloadUrl(key));
    const status = async (url: URL | string, method = 'GET') => (await fetch(url, { method, body: method === 'PUT' ? png : undefined })).status;

    expect(await status(`${link.origin}${link.pathname}`)).toBe(403);
    const altered = new URL(link);
    const signature = altered.searchParams.get('X-Amz-Signature')!;
    altered.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    expect(await status(altered)).toBe(403);
    const otherObject = new URL(link);
    otherObject.pathname = otherObject.pathname.replace('logo.png', 'other.png');
    expect(await status(otherObject)).toBe(403);
    const longer = new URL(link);
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect(await status(longer)).toBe(403);
    expect(await status(link, 'PUT')).toBe(403);

    const s3 = new S3Client({ forcePathStyle: true });
    const expired = await getSignedUrl(s3, new GetObjectCommand({ Bucket: process.env.IMAGES_BUCKET, Key: key }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 2 * 60_000),
    });
    expect(await status(expired)).toBe(403);
    const stillValid = await getSignedUrl(s3, new GetObjectCommand({ Bucket: process.env.IMAGES_BUCKET, Key: key }), {
      expiresIn: 300,
      signingDate: new Date(Date.now() - 2 * 60_000),
    });
    expect(await status(stillValid)).toBe(200);
    s3.destroy();
  });
});
