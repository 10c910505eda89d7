import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { checkPatient } from '@functions/devices/check-skipped-exchanges';
import { takeDeviceError } from '@functions/devices/take-device-error';
import { takeExchange } from '@functions/devices/take-exchange';
import { clearIngestState } from '@functions/data/ingest-state';
import type { UserRecord } from '@functions/data/users-repository';
import { buildPath } from '@shared/api/paths';
import { routes, type RouteId } from '@shared/api/routes';
import { STAFF_ID_SUFFIXES, type StaffRole } from '@shared/api/routes/staff';
import type { DeviceExchange } from '@shared/device';
import * as messages from '@shared/messages';
import { signedInUser, useApi } from '@test/support/api';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { createPatientWithDevice, createTestPatient, exchangeReport, randomSerialNumber, useDeviceBroker } from '@test/support/devices';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import { approvedPrescription, hhmm } from '@test/support/prescriptions';
import { HOUR_MS } from '@shared/time';

useTestTable();
useTestUserPool();
useDeviceBroker();
const api = useApi();
const requests = countDynamoRequests();

/**
 * The exchange half of the clinical staff's calls, through the local API gateway, the
 * real ingest engine, DynamoDB Local and cognito-local: each route for each role it allows, on the
 * own clinic's patient and on another clinic's.
 */
type Clinic = Awaited<ReturnType<typeof createPatientWithDevice>>;
const STAFF: StaffRole[] = ['ClinicDirector', 'Doctor', 'Nurse'];

let own: Clinic;
let other: Clinic;
const staff = {} as Record<StaffRole, { user: UserRecord; token: string }>;

beforeAll(async () => {
  own = await createPatientWithDevice();
  other = await createPatientWithDevice();
  for (const role of STAFF) {
    staff[role] = await signedInUser(role, {
      ServiceProviderID: own.provider.ServiceProviderID,
      ClinicID: own.clinic.ClinicID,
      ClinicName: own.clinic.ClinicName,
    });
  }
}, 60_000);

const take = (clinic: Pick<Clinic, 'device'>, exchange: DeviceExchange) => takeExchange(clinic.device.SerialNumber, exchange, new Date());

/** Another patient of the own clinic, with a device of their own, so a test's counts are its own. */
async function ownPatientWithDevice(): Promise<Pick<Clinic, 'patient' | 'device'>> {
  const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: own.clinic.ClinicID });
  const { patient } = await createTestPatient({ ClinicID_ref: own.clinic.ClinicID, DoctorID_ref: 'doctor-1' });
  await assignDevice(patient.UserID, device.SerialNumber);
  return { patient, device: { ...device, PatientID: patient.UserID } };
}

function call(name: string, role: StaffRole, patientId: string, options: { body?: unknown; query?: string; exchangeId?: string } = {}) {
  const id = `${name}${STAFF_ID_SUFFIXES[role]}` as RouteId;
  const route = routes[id];
  const path = buildPath(route.path, { id: staff[role].user.UserID, patientId, exchangeId: options.exchangeId ?? '' });
  return api.call(route.method, `${path}${options.query ? `?${options.query}` : ''}`, { token: staff[role].token, body: options.body });
}

const dynamo = new DynamoDBClient({});
afterAll(() => dynamo.destroy());

async function auditRecords(entityId: string): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: process.env.TABLE_NAME!, ExclusiveStartKey: ExclusiveStartKey as never }));
    items.push(...(page.Items ?? []).map((item) => unmarshall(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.filter((item) => String(item.pk).startsWith('AUDIT#') && item.EntityID === entityId);
}

interface Row {
  _id: string;
  DrainTemp: number;
  FillTemp: number;
  WeightMeasure?: { Value: number };
  Note?: string;
  HasTurbidity: boolean;
  AlertsClearedAt?: string;
  EnteredBy?: { UserID: string; Name: string };
  StatusAlerts: { statusValue: number; alerts: Array<{ flag: string }> };
}
interface ExchangesAnswer {
  exchanges: Row[];
  count: number;
  cursor?: string;
}

describe('getExchanges', () => {
  const base = Date.now() - 10 * 24 * HOUR_MS;
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 5; i += 1) {
      const report = exchangeReport(new Date(base + i * 6 * HOUR_MS));
      ids.push(report._id);
      await take(own, report);
    }
    // In °F and lb: shown in °C and kg.
    const imperial = exchangeReport(new Date(base + 5 * 6 * HOUR_MS), {
      TempUnit: 'F',
      DrainTemp: 98.6,
      FillTemp: 99.5,
      WeightUnit: 'LB',
      WeightMeasure: { Value: 154, Time: new Date(base + 5 * 6 * HOUR_MS).toISOString() },
    });
    ids.push(imperial._id);
    await take(own, imperial);
  }, 60_000);

  it.each(STAFF)('%s: newest first, paged, in °C and kg, with the patient’s exchange count', async (role) => {
    const first = await call('getExchanges', role, own.patient.UserID, { query: 'limit=4' });
    expect(first.status).toBe(200);
    const page1 = first.body as ExchangesAnswer;
    expect(page1.count).toBe(6);
    expect(page1.exchanges.map((row) => row._id)).toEqual([...ids].reverse().slice(0, 4));
    expect(page1.cursor).toEqual(expect.any(String));
    const second = (await call('getExchanges', role, own.patient.UserID, { query: `limit=4&cursor=${page1.cursor}` })).body as ExchangesAnswer;
    expect(second.exchanges.map((row) => row._id)).toEqual([...ids].reverse().slice(4));
    expect(second.cursor).toBeUndefined();

    const imperial = page1.exchanges[0]!;
    expect(imperial).toMatchObject({ DrainTemp: 37, FillTemp: 37.5, WeightMeasure: { Value: 69.9 }, HasTurbidity: true });
    expect(imperial.EnteredBy).toBeUndefined();
  });

  it('narrows to a period', async () => {
    const from = new Date(base + 6 * HOUR_MS).toISOString();
    const to = new Date(base + 12 * HOUR_MS).toISOString();
    const answer = (await call('getExchanges', 'Nurse', own.patient.UserID, { query: `from=${from}&to=${to}` })).body as ExchangesAnswer;
    expect(answer.exchanges.map((row) => row._id)).toEqual([ids[2], ids[1]]);
  });

  it('refuses a cursor that is not a key of this patient’s exchanges', async () => {
    const forged = Buffer.from(JSON.stringify({ pk: `PATIENT#${other.patient.UserID}`, sk: 'EXCHANGE#2020' })).toString('base64url');
    expect((await call('getExchanges', 'Nurse', own.patient.UserID, { query: `cursor=${forged}` })).status).toBe(400);
    expect((await call('getExchanges', 'Nurse', own.patient.UserID, { query: 'cursor=not-a-cursor' })).status).toBe(400);
  });

  it.each(STAFF)("%s: another clinic's patient is not found", async (role) => {
    await take(other, exchangeReport(new Date(base)));
    const answer = await call('getExchanges', role, other.patient.UserID);
    expect(answer).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
  });

  it('reads the patient and the page together: the session checks, then both, then the audit record', async () => {
    requests.reset();
    const answer = await call('getExchanges', 'Doctor', own.patient.UserID, { query: 'limit=4' });
    expect((answer.body as ExchangesAnswer).exchanges).toHaveLength(4);
    // Reading the patient first and its exchanges after would make it 4.
    expect(requests.roundTrips).toBe(3);
  });

  it("answers 404 for another clinic's patient whatever its page read did", async () => {
    const answer = await call('getExchanges', 'Nurse', other.patient.UserID, { query: 'cursor=not-a-cursor' });
    expect(answer).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
  });

  it('records who read the exchanges', async () => {
    const records = await auditRecords(own.patient.UserID);
    expect(records.filter((record) => record.Entity === 'Exchanges' && record.Action === 'read').length).toBeGreaterThan(0);
  });
});

describe('saveExchangeNote', () => {
  let exchangeId: string;
  beforeAll(async () => {
    const report = exchangeReport(new Date(Date.now() - 20 * HOUR_MS), { Note: 'device note' });
    exchangeId = report._id;
    await take(own, report);
  });
  const rowOf = async (id: string) =>
    ((await call('getExchanges', 'Nurse', own.patient.UserID, { query: 'limit=200' })).body as ExchangesAnswer).exchanges.find((row) => row._id === id)!;

  it.each(STAFF)('%s: saves a note of 1000 characters, read back in the row, with one audit record of before and after', async (role) => {
    const note = `${role} `.padEnd(1000, 'x');
    const before = (await auditRecords(exchangeId)).length;
    const answer = await call('saveExchangeNote', role, own.patient.UserID, { body: { Exchange_id: exchangeId, Note: note } });
    expect(answer).toMatchObject({ status: 200, body: { _id: exchangeId, Note: note } });
    expect((await rowOf(exchangeId)).Note).toBe(note);
    const records = await auditRecords(exchangeId);
    expect(records).toHaveLength(before + 1);
    const record = records.sort((a, b) => String(a.At).localeCompare(String(b.At))).at(-1)!;
    expect(record).toMatchObject({
      Action: 'write',
      Entity: 'Exchange',
      UserID: staff[role].user.UserID,
      PatientID: own.patient.UserID,
      ClinicID: own.clinic.ClinicID,
    });
    expect(record.Changes).toEqual([{ field: 'Note', ...(before > 0 ? { before: expect.any(String) } : {}), after: note }]);
  });

  it('refuses 1001 characters with the comment message, changing nothing', async () => {
    const before = (await auditRecords(exchangeId)).length;
    const answer = await call('saveExchangeNote', 'Nurse', own.patient.UserID, { body: { Exchange_id: exchangeId, Note: 'x'.repeat(1001) } });
    expect(answer).toMatchObject({ status: 400, body: { message: [messages.patients.commentTooLong] } });
    expect(await auditRecords(exchangeId)).toHaveLength(before);
  });

  it("removes the clinician's note with '' or null: the device's note shows again", async () => {
    expect((await call('saveExchangeNote', 'Doctor', own.patient.UserID, { body: { Exchange_id: exchangeId, Note: '' } })).status).toBe(200);
    expect((await rowOf(exchangeId)).Note).toBe('device note');
    expect((await call('saveExchangeNote', 'Doctor', own.patient.UserID, { body: { Exchange_id: exchangeId, Note: null } })).status).toBe(200);
    expect((await rowOf(exchangeId)).Note).toBe('device note');
  });

  it('answers 404 for an unknown exchange and for another clinic’s patient', async () => {
    expect((await call('saveExchangeNote', 'Nurse', own.patient.UserID, { body: { Exchange_id: 'no-such-exchange', Note: 'x' } })).status).toBe(404);
    for (const role of STAFF) {
      const answer = await call('saveExchangeNote', role, other.patient.UserID, { body: { Exchange_id: exchangeId, Note: 'x' } });
      expect(answer).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
    }
  });
});

describe('clearAlerts', () => {
  interface Cleared {
    cleared: number;
    PatientAlertStatus: { statusValue: number; unresolved: number };
  }
  let patient: Awaited<ReturnType<typeof ownPatientWithDevice>>;
  beforeAll(async () => {
    patient = await ownPatientWithDevice();
  });

  it.each(STAFF)('%s: clears one exchange’s alerts, then all of the patient’s, and a second clear is 0', async (role) => {
    const t = Date.now() - 30 * HOUR_MS;
    const hot = exchangeReport(new Date(t), { DrainTemp: 38.6 }); // HighDrainTempAlert, severity 3
    const fast = exchangeReport(new Date(t + 6 * HOUR_MS), { PulseMeasure: { Value: 120, Time: new Date(t + 6 * HOUR_MS).toISOString() } }); // HighPulseAlert, 2
    await take(patient, hot);
    await take(patient, fast);

    const byExchange = await call('clearAlerts', role, patient.patient.UserID, { body: { _id: hot._id } });
    expect(byExchange.status).toBe(200);
    const first = byExchange.body as Cleared;
    expect(first.cleared).toBeGreaterThanOrEqual(1);
    expect(first.PatientAlertStatus.statusValue).toBe(2);
    const again = (await call('clearAlerts', role, patient.patient.UserID, { body: { _id: hot._id } })).body as Cleared;
    expect(again.cleared).toBe(0);
    expect(again.PatientAlertStatus).toEqual(first.PatientAlertStatus);

    const all = (await call('clearAlerts', role, patient.patient.UserID, { body: { _id: patient.patient.UserID } })).body as Cleared;
    expect(all.cleared).toBe(first.PatientAlertStatus.unresolved);
    expect(all.PatientAlertStatus).toEqual({ statusValue: 1, unresolved: 0 });
    expect(((await call('clearAlerts', role, patient.patient.UserID, { body: { _id: patient.patient.UserID } })).body as Cleared).cleared).toBe(0);

    const rows = ((await call('getExchanges', role, patient.patient.UserID)).body as ExchangesAnswer).exchanges;
    expect(rows.find((row) => row._id === hot._id)!.AlertsClearedAt).toEqual(expect.any(String));
    expect(rows.find((row) => row._id === fast._id)!.AlertsClearedAt).toEqual(expect.any(String));

    // One record per clear, with what it resolved before and after.
    const exchangeRecords = await auditRecords(hot._id);
    expect(exchangeRecords).toHaveLength(2);
    expect(exchangeRecords.flatMap((record) => record.Changes as Array<{ field: string }>).map((change) => change.field)).toContain('UnresolvedAlerts');
    expect(exchangeRecords.every((record) => record.UserID === staff[role].user.UserID)).toBe(true);
  });

  it.each(STAFF)('%s: sees a device’s panic and a skipped exchange, which no exchange carries, on the profile and clears each', async (role) => {
    const own = await ownPatientWithDevice();
    const patientId = own.patient.UserID;
    const now = Date.now();
    const hot = exchangeReport(new Date(now - 30 * HOUR_MS), { DrainTemp: 38.6 }); // HighDrainTempAlert, on its exchange
    await take(own, hot);
    await takeDeviceError(own.device.SerialNumber, {
      _id: 'panic-1',
      Time: new Date(now - 2 * HOUR_MS).toISOString(),
      MachineProblem: 'PANIC: drain pump stalled',
    });
    // A slot 4 hours ago, past its 120 minutes of grace, with no exchange near it.
    await approvedPrescription(patientId, own.device.SerialNumber, [hhmm(now - 4 * HOUR_MS)], new Date(now - 10 * HOUR_MS));
    expect(await checkPatient(patientId, new Date(now))).toBe(1);

    const profile = (await call('getPatientProfile', role, patientId)).body as {
      alertsWithoutExchange: Array<{ AlertID: string; flag: string; severity: number; Time: string }>;
    };
    // Newest first; the exchange's alert is on its row of the exchanges table, not here.
    expect(profile.alertsWithoutExchange.map(({ flag, severity }) => ({ flag, severity }))).toEqual([
      { flag: 'MachineProblemAlert', severity: 3 },
      { flag: 'SkippedAlert', severity: 2 },
    ]);
    const [panic, skipped] = profile.alertsWithoutExchange;
    const before = (await call('clearAlerts', role, patientId, { body: { _id: hot._id } })).body as Cleared;
    expect(before.cleared).toBe(1);
    expect(before.PatientAlertStatus).toEqual({ statusValue: 3, unresolved: 2 });

    const cleared = (await call('clearAlerts', role, patientId, { body: { _id: panic!.AlertID } })).body as Cleared;
    expect(cleared).toEqual({ cleared: 1, PatientAlertStatus: { statusValue: 2, unresolved: 1 } });
    expect(((await call('clearAlerts', role, patientId, { body: { _id: panic!.AlertID } })).body as Cleared).cleared).toBe(0);
    const after = (await call('getPatientProfile', role, patientId)).body as typeof profile;
    expect(after.alertsWithoutExchange).toEqual([skipped]);
    expect(await auditRecords(patientId)).toContainEqual(
      expect.objectContaining({
        UserID: staff[role].user.UserID,
        Changes: [expect.objectContaining({ field: 'UnresolvedAlerts', before: [panic!.AlertID], after: [] })],
      }),
    );

    // An id whose source was never raised on this patient, one whose flag is no alert flag, or another clinic's patient: not found, nothing changed.
    const source = skipped!.AlertID.slice(0, skipped!.AlertID.lastIndexOf(':'));
    for (const [target, id] of [
      [patientId, 'skipped-2020-01-01T08:00:00.000Z:SkippedAlert'],
      [patientId, `error-${own.device.DeviceID}-never-sent:MachineProblemAlert`],
      [patientId, `${source}:NotAFlag`],
      [other.patient.UserID, skipped!.AlertID],
    ] as const) {
      expect(await call('clearAlerts', role, target, { body: { _id: id } })).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
    }
    expect(((await call('getPatientProfile', role, patientId)).body as typeof profile).alertsWithoutExchange).toEqual([skipped]);
    expect(((await call('clearAlerts', role, patientId, { body: { _id: skipped!.AlertID } })).body as Cleared).PatientAlertStatus).toEqual({
      statusValue: 1,
      unresolved: 0,
    });
  });

  it('answers 404 for an unknown id and for another clinic’s patient', async () => {
    expect((await call('clearAlerts', 'Nurse', patient.patient.UserID, { body: { _id: 'no-such-exchange' } })).status).toBe(404);
    for (const role of STAFF) {
      const answer = await call('clearAlerts', role, other.patient.UserID, { body: { _id: other.patient.UserID } });
      expect(answer).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
    }
  });
});

describe('addExchange', () => {
  const manual = (at: Date, overrides: Partial<DeviceExchange> = {}) => {
    const { _id, FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity, ...body } = exchangeReport(at, overrides);
    return body;
  };

  it.each(['ClinicDirector', 'Doctor'] as const)('%s: raises the alerts a device’s exchange would, and carries who entered it', async (role) => {
    clearIngestState();
    const at = new Date(Date.now() - 2 * HOUR_MS);
    const answer = await call('addExchange', role, own.patient.UserID, { body: manual(at, { DrainTemp: 101.5, TempUnit: 'F' }) });
    expect(answer.status).toBe(200);
    const row = (answer.body as { exchange: Row }).exchange;
    expect(row._id).toMatch(/^manual-/);
    expect(row.EnteredBy).toEqual({ UserID: staff[role].user.UserID, Name: `Test ${role}` });
    expect(row.DrainTemp).toBe(38.6);
    expect(row.StatusAlerts.alerts.map((alert) => alert.flag)).toContain('HighDrainTempAlert');
    expect(row.HasTurbidity).toBe(false);

    const records = await auditRecords(row._id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ Action: 'write', Entity: 'Exchange', UserID: staff[role].user.UserID, PatientID: own.patient.UserID });
    expect(records[0]!.Changes).toEqual(expect.arrayContaining([{ field: 'DrainTemp', after: 101.5 }]));

    const listed = ((await call('getExchanges', 'Nurse', own.patient.UserID, { query: 'limit=1' })).body as ExchangesAnswer).exchanges[0]!;
    expect(listed).toMatchObject({ _id: row._id, EnteredBy: row.EnteredBy });
  });

  it('refuses an exchange in the future, beyond the device’s limits, or for a patient without a device', async () => {
    const future = await call('addExchange', 'Doctor', own.patient.UserID, { body: manual(new Date(Date.now() + HOUR_MS)) });
    expect(future).toMatchObject({ status: 400, body: { message: [messages.patients.futureExchange] } });
    const hot = await call('addExchange', 'Doctor', own.patient.UserID, { body: manual(new Date(Date.now() - HOUR_MS), { DrainTemp: 70 }) });
    expect(hot.status).toBe(400);
    const { patient } = await createTestPatient({ ClinicID_ref: own.clinic.ClinicID, DoctorID_ref: 'doctor-1' });
    const noDevice = await call('addExchange', 'Doctor', patient.UserID, { body: manual(new Date(Date.now() - HOUR_MS)) });
    expect(noDevice).toMatchObject({ status: 400, body: { message: [messages.patients.noDeviceForManualExchange] } });
  });

  it('leaves a nurse the spec’s refusal, and another clinic’s patient not found', async () => {
    const nurse = staff.Nurse;
    const path = buildPath(routes.addExchangeAsDirector.path, { id: nurse.user.UserID, patientId: own.patient.UserID });
    const refused = await api.call('POST', path, { token: nurse.token, body: manual(new Date(Date.now() - HOUR_MS)) });
    expect(refused).toMatchObject({ status: 403, body: { message: [messages.errors.noAccess(routes.addExchangeAsDirector.thing)] } });
    for (const role of ['ClinicDirector', 'Doctor'] as const) {
      const answer = await call('addExchange', role, other.patient.UserID, { body: manual(new Date(Date.now() - HOUR_MS)) });
      expect(answer).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
    }
  });
});

describe('getExchangeTurbidity', () => {
  it.each(STAFF)('%s: the raw series of an exchange, not another clinic’s', async (role) => {
    const report = exchangeReport(new Date(Date.now() - 3 * HOUR_MS));
    await take(own, report);
    const answer = await call('getExchangeTurbidity', role, own.patient.UserID, { exchangeId: report._id });
    expect(answer).toMatchObject({
      status: 200,
      body: { _id: report._id, SerialNumber: own.device.SerialNumber, FillTurbidity: report.FillTurbidity, DrainTurbidity: report.DrainTurbidity },
    });
    expect((await call('getExchangeTurbidity', role, own.patient.UserID, { exchangeId: 'no-such-exchange' })).status).toBe(404);
    expect((await call('getExchangeTurbidity', role, other.patient.UserID, { exchangeId: report._id })).status).toBe(404);
  });
});

describe('getAdherence', () => {
  it.each(STAFF)("%s: the month's calendar from the current prescription", async (role) => {
    const { patient, device } = await ownPatientWithDevice();
    const now = Date.now();
    const created = now - 3 * 24 * HOUR_MS;
    const slot = now - 30 * HOUR_MS;
    await approvedPrescription(patient.UserID, device.SerialNumber, [hhmm(slot)], new Date(created + HOUR_MS));
    clearIngestState();
    await takeExchange(device.SerialNumber, exchangeReport(new Date(slot)), new Date());
    const month = new Date(slot).toISOString().slice(0, 7);
    const answer = await call('getAdherence', role, patient.UserID, { query: `month=${month}` });
    expect(answer.status).toBe(200);
    const body = answer.body as { month: string; timeZone: string; days: Array<{ date: string; state: string; done: number }>; adherencePercent?: number };
    expect(body).toMatchObject({ month, timeZone: 'UTC' });
    const day = body.days.find((entry) => entry.date === new Date(slot).toISOString().slice(0, 10))!;
    expect(day).toMatchObject({ state: 'done', done: 1 });
    expect(body.adherencePercent).toEqual(expect.any(Number));
    expect((await call('getAdherence', role, other.patient.UserID)).status).toBe(404);
  });
});
