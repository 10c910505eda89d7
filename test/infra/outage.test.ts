import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { patientsRepository } from '@functions/data/patients-repository';
import { createUser } from '@functions/services/users';
import { deviceCredentials, deviceCredentialsFile } from '@infra/local/device-credentials';
import { startLocalStack, type LocalStack } from '@infra/local/stack';
import { API_BASE } from '@shared/api/paths';
import { deviceTopics } from '@shared/device';
import * as messages from '@shared/messages';
import { createPatientWithDevice, exchangeReport } from '../support/devices';

/**
 * DynamoDB Local or cognito-local dies while the portal runs (`npm start`'s stack): it is started
 * again, the API meanwhile answers 503 with one clear message, and an exchange a device sent
 * during the outage is stored exactly once afterwards.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-outage-'));
let stack: LocalStack;
const PASSWORD = 'Outage!pass1';
const email = `nurse-${Date.now()}@test.example`;

beforeAll(async () => {
  stack = await startLocalStack({ dataDir, port: 0, mqttPort: 0 });
  await createUser({ FirstName: 'Nora', LastName: 'Nurse', Email: email, Role: 'LiberDiAdmin' }, { password: PASSWORD });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function signIn(): Promise<{ status: number; body: unknown }> {
  const verification = await fetch(`${stack.url}/local/human-verification/token`, { method: 'POST' });
  const { token } = (await verification.json()) as { token: string };
  const response = await fetch(`${stack.url}${API_BASE}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: PASSWORD, reCaptchaToken: token }),
  });
  return { status: response.status, body: await response.json() };
}

/** Kills a child of the stack as a crash would, and waits until it is gone. */
async function kill(name: 'dynamodb' | 'cognito'): Promise<void> {
  const { child } = stack.processes().find((part) => part.name === name)!;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const unavailable = { status: 503, body: { message: [messages.errors.unavailable] } };

describe('a database or identity process dies while the portal runs', () => {
  let logged: jest.SpyInstance[];
  beforeEach(() => {
    logged = [jest.spyOn(console, 'warn').mockImplementation(() => undefined), jest.spyOn(console, 'error').mockImplementation(() => undefined)];
  });
  afterEach(() => jest.restoreAllMocks());
  const logLines = () => logged.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')));

  it('restarts DynamoDB Local, answers 503 meanwhile, and stores an exchange sent during the outage once', async () => {
    const { patient, device } = await createPatientWithDevice();
    const serialNumber = device.SerialNumber;
    const secret = deviceCredentials(deviceCredentialsFile(dataDir)).issue(serialNumber);
    const client = await mqtt.connectAsync(stack.mqttUrl, {
      clientId: serialNumber,
      username: serialNumber,
      password: secret,
      clean: false,
      reconnectPeriod: 300,
    });
    client.on('error', () => undefined); // refused reconnects during the outage are expected
    try {
      await kill('dynamodb');
      expect(await signIn()).toEqual(unavailable);

      const report = exchangeReport(new Date(Date.now() - 60_000));
      const acknowledged = client.publishAsync(deviceTopics.exchange(serialNumber), JSON.stringify(report), { qos: 1 }).then(() => 'acknowledged');
      expect(await Promise.race([acknowledged, new Promise((resolve) => setTimeout(() => resolve('not yet'), 1000))])).toBe('not yet');

      const recovered = await until('sign-in after the restart', signIn, (result) => result.status !== 503);
      expect(recovered).toMatchObject({ status: 200, body: { status: 'pass' } });
      expect(await acknowledged).toBe('acknowledged');
      const stored = await exchangesRepository.listForPatient(patient.UserID, { from: '2000-01-01', to: '2100-01-01' });
      expect(stored.items.map((exchange) => exchange._id)).toEqual([report._id]);
      expect((await patientsRepository.get(patient.UserID))!.ExchangeCount).toBe(1);

      const lines = logLines();
      expect(lines.some((line) => line.includes('DynamoDB Local') || line.includes('dynamodb stopped unexpectedly'))).toBe(true);
      expect(lines.length).toBeLessThan(20);
      expect(lines.filter((line) => line.includes('    at '))).toEqual([]); // no stack traces
    } finally {
      await client.endAsync(true);
    }
  }, 120_000);

  it('restarts cognito-local and answers 503 meanwhile', async () => {
    await kill('cognito');
    expect(await signIn()).toEqual(unavailable);
    const recovered = await until('sign-in after the restart', signIn, (result) => result.status !== 503);
    expect(recovered).toMatchObject({ status: 200, body: { status: 'pass' } });
    expect(logLines().filter((line) => line.includes('    at '))).toEqual([]);
  }, 120_000);
});
