import type { KinesisStreamRecord } from 'aws-lambda';
import { handler as checkEscalations } from '@functions/devices/check-escalations';
import { handler as checkSkippedExchanges } from '@functions/devices/check-skipped-exchanges';
import { createUser } from '@functions/services/users';
import { handler as ingestStream } from '@functions/devices/ingest-stream';
import type { DeviceMessageEvent } from '@functions/devices/ingest';
import { registerDevice } from '@functions/services/devices';
import { savePrescription } from '@functions/services/prescriptions';
import { clearIngestState } from '@functions/data/ingest-state';
import { deviceKeyPatterns, ESCALATION_CHECK_KEYS, INGEST_KEYS, SKIPPED_CHECK_KEYS, type DeviceFunctionKeys } from '@infra/aws/devices-stack';
import { deviceTopics, type DeviceUpKind } from '@shared/device';
import { createPatientWithDevice, exchangeReport, randomSerialNumber, useDeviceBroker } from '../support/devices';
import { batch, rawRecord } from '../support/kinesis';
import { useTestTable, useTestUserPool } from '../support/local-services';
import { hhmm, prescriptionInput } from '../support/prescriptions';
import { outsideGrant, recordTouchedPartitions } from '../support/touched-partitions';
import { HOUR_MS, MINUTE_MS } from '@shared/time';

useTestTable();
useTestUserPool();
useDeviceBroker();
const touched = recordTouchedPartitions();

/**
 * The device side's Lambdas are not routes: what they may touch is named in the devices stack
 * (INGEST_KEYS, SKIPPED_CHECK_KEYS). Each runs here against DynamoDB Local through its AWS entry
 * (the stream handler, the scheduled handler) over every kind of message and run, and every
 * partition it touches must be within its grant: one the grant forgets is AccessDenied on AWS,
 * and neither may come near the audit trail.
 */

/** A record of the device stream as the topic rule puts it: any up kind, any payload. */
function deviceRecord(serialNumber: string, kind: DeviceUpKind, payload: unknown): KinesisStreamRecord {
  const topic =
    kind === 'exchange'
      ? deviceTopics.exchange(serialNumber)
      : kind === 'error'
        ? deviceTopics.error(serialNumber)
        : deviceTopics.prescriptionAck(serialNumber);
  const message: DeviceMessageEvent = {
    payload: Buffer.from(JSON.stringify(payload)).toString('base64'),
    topic,
    clientId: serialNumber,
    receivedAt: Date.now(),
  };
  return rawRecord(serialNumber, Buffer.from(JSON.stringify(message)).toString('base64'));
}

describe('the partitions the device Lambdas are granted', () => {
  beforeAll(async () => {
    const { patient, device, clinic } = await createPatientWithDevice();
    // The clinic's director: with no one on call, the escalation's notice goes to them.
    await createUser({
      FirstName: 'Avi',
      LastName: 'Mizrahi',
      Email: `director-${randomSerialNumber()}@test.example`,
      Role: 'ClinicDirector',
      ClinicID: clinic.ClinicID,
      ServiceProviderID: clinic.ServiceProviderID,
      ClinicName: clinic.ClinicName,
    });
    const now = Date.now();
    // A prescription the device is sent, so its acknowledgement is taken and schedules a due check.
    const saved = await savePrescription(
      patient.UserID,
      prescriptionInput([
        {
          ExchangeFluid: 'DIAneal 1.36%',
          ExchangeLiter: 2,
          ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'],
          ExchangeTime: [hhmm(now + 5 * MINUTE_MS)],
        },
      ]),
      'doctor-1',
      new Date(now - 3 * HOUR_MS),
    );
    const spare = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: (await createPatientWithDevice()).clinic.ClinicID });
    // Exchanges of the day before: today's slot stays skipped.
    const first = exchangeReport(new Date(now - 30 * HOUR_MS), { DrainTemp: 38.6 });
    const records = [
      deviceRecord(device.SerialNumber, 'prescription-ack', { PrescriptionId: saved.PrescriptionId, Time: new Date(now - 2.5 * HOUR_MS).toISOString() }),
      // The first exchange opens a visit and raises alerts; the next ones go with what the ingest kept.
      deviceRecord(device.SerialNumber, 'exchange', first),
      deviceRecord(device.SerialNumber, 'exchange', exchangeReport(new Date(now - 29 * HOUR_MS), { MachineProblem: 'PANIC: pump stopped' })),
      deviceRecord(device.SerialNumber, 'exchange', first),
      deviceRecord(device.SerialNumber, 'error', { _id: 'err-1', Time: new Date(now - 28 * HOUR_MS).toISOString(), MachineProblem: 'Panic: heater' }),
      // Dead letters: a payload that fails its schema, a device with no patient, a record that is no device message.
      deviceRecord(device.SerialNumber, 'exchange', { _id: 'broken' }),
      deviceRecord(spare.SerialNumber, 'exchange', exchangeReport(new Date(now - HOUR_MS))),
      rawRecord(device.SerialNumber, Buffer.from('not json').toString('base64')),
    ];
    // Each function as a cold Lambda of its own: nothing read by one is served from another's cache.
    clearIngestState();
    expect(await touched.during('ingest', () => ingestStream(batch(records)))).toEqual({ batchItemFailures: [] });

    // The first run sweeps every patient; a run after the slot's grace raises the SkippedAlert and schedules the next.
    clearIngestState();
    await touched.during('skipped', () => checkSkippedExchanges({ now: new Date(now).toISOString() }));
    clearIngestState();
    const result = await touched.during('skipped', () => checkSkippedExchanges({ now: new Date(now + 5 * MINUTE_MS + 123 * MINUTE_MS).toISOString() }));
    expect(result.raised).toBe(1);

    // The alerts raised are due for their escalation 15 minutes after they were received.
    clearIngestState();
    const escalated = await touched.during('escalation', () => checkEscalations({ now: new Date(now + 20 * MINUTE_MS).toISOString() }));
    expect(escalated.notices).toBeGreaterThan(0);
  }, 60_000);

  /** A grant as narrow as the function: within it, and every partition it names touched, a written one by a write. */
  function expectNarrowGrant(label: string, keys: DeviceFunctionKeys) {
    expect(outsideGrant(touched.accesses, label, deviceKeyPatterns(keys))).toEqual([]);
    const used = (kind: 'read' | 'write') =>
      new Set(
        touched.accesses.filter((access) => access.label === label && (kind === 'read' || access.kind === 'write')).map((access) => access.key.split('#')[0]),
      );
    expect(keys.read.filter((prefix) => !used('read').has(prefix))).toEqual([]);
    expect(keys.write.filter((prefix) => !used('write').has(prefix))).toEqual([]);
  }

  it.each([
    ['ingest', INGEST_KEYS],
    ['skipped', SKIPPED_CHECK_KEYS],
  ] as const)('the %s touches only the partitions its grant names, each of them, and never the audit trail', (label, keys) => {
    expectNarrowGrant(label, keys);
    expect([...keys.read, ...keys.write]).not.toContain('AUDIT');
  });

  it('the escalation check touches only the partitions its grant names, each of them (its notices are audited)', () => {
    expectNarrowGrant('escalation', ESCALATION_CHECK_KEYS);
  });
});
