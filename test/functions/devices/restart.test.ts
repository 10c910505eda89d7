import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { clinicsRepository } from '@functions/data/clinics-repository';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { ensureTable, localDynamoClient, startDynamoDbLocal } from '@infra/local/dynamodb';
import { freePort, type ManagedProcess } from '@infra/local/processes';
import { connectDevice, createPatientWithDevice, exchangeReport, publishExchange, useDeviceBroker } from '@test/support/devices';
import { MINUTE_MS } from '@shared/time';

/**
 * Nothing a device saw acknowledged is lost when a part restarts mid-stream: this file runs its
 * own DynamoDB Local (so it can stop it) and restarts the broker. The device keeps its session
 * (clean: false), as a real device does, so its unacknowledged QoS 1 messages go again.
 */
let dynamo: ManagedProcess;
let dynamoPort: number;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-restart-'));
const startDynamo = () => startDynamoDbLocal({ port: dynamoPort, dir: path.join(dataDir, 'dynamodb'), logDir: path.join(dataDir, 'logs') });

beforeAll(async () => {
  dynamoPort = await freePort();
  dynamo = await startDynamo();
  process.env.AWS_ENDPOINT_URL_DYNAMODB = `http://127.0.0.1:${dynamoPort}`;
  const client = localDynamoClient(dynamoPort);
  await ensureTable(client, process.env.TABLE_NAME!);
  client.destroy();
}, 60_000);

afterAll(async () => {
  await dynamo?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const devices = useDeviceBroker();

const COUNT = 12;

/** Publishes COUNT exchanges one after another, calling `midStream` once the first few were acknowledged. */
async function publishStream(client: MqttClient, serialNumber: string, midStream: () => Promise<void>) {
  const start = Date.now() - 2 * COUNT * 60 * MINUTE_MS;
  const reports = Array.from({ length: COUNT }, (_, i) => exchangeReport(new Date(start + i * 60 * MINUTE_MS)));
  const acknowledged: Array<Promise<void>> = [];
  for (const [i, report] of reports.entries()) {
    if (i === 4) {
      await Promise.all(acknowledged);
      void midStream();
    }
    acknowledged.push(publishExchange(client, serialNumber, report));
  }
  await Promise.all(acknowledged);
  return reports;
}

async function expectAllStoredOnce(patientId: string, clinicId: string, ids: string[]) {
  const stored = await allItems((page) => exchangesRepository.listForPatient(patientId, { from: '2000-01-01', to: '2100-01-01' }, page));
  expect(stored.map((exchange) => exchange._id).sort()).toEqual([...ids].sort());
  expect((await patientsRepository.get(patientId))!.ExchangeCount).toBe(ids.length);
  expect((await clinicsRepository.get(clinicId))!.ClinicExchangeCounter).toBe(ids.length);
}

describe('a part restarts while a device is reporting', () => {
  it('loses nothing when the database stops mid-stream and comes back', async () => {
    const { patient, clinic, device } = await createPatientWithDevice();
    const client = await connectDevice(devices.mqttUrl, device.SerialNumber, { clean: false });
    try {
      const reports = await publishStream(client, device.SerialNumber, async () => {
        await dynamo.stop();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        dynamo = await startDynamo();
      });
      await expectAllStoredOnce(
        patient.UserID,
        clinic.ClinicID,
        reports.map((report) => report._id),
      );
    } finally {
      await client.endAsync(true);
    }
  }, 90_000);

  it('loses nothing when the broker restarts mid-stream', async () => {
    const { patient, clinic, device } = await createPatientWithDevice();
    const client = await connectDevice(devices.mqttUrl, device.SerialNumber, { clean: false });
    try {
      const reports = await publishStream(client, device.SerialNumber, () => devices.restart());
      await expectAllStoredOnce(
        patient.UserID,
        clinic.ClinicID,
        reports.map((report) => report._id),
      );
    } finally {
      await client.endAsync(true);
    }
  }, 90_000);
});
