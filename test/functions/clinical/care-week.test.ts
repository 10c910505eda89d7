import { clearIngestState } from '@functions/data/ingest-state';
import { takeExchange } from '@functions/devices/take-exchange';
import { exchangesRepository } from '@functions/data/exchanges-repository';
import type { UserRecord } from '@functions/data/users-repository';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { addWeeks, isoWeekOf } from '@shared/alerts';
import type { CareTeamWeekResult, CareTeamWeekRow } from '@shared/api/care-week';
import { buildPath } from '@shared/api/paths';
import { routes, STAFF_PREFIXES } from '@shared/api/routes';
import * as messages from '@shared/messages';
import { signedInUser, useApi } from '@test/support/api';
import { staffPath } from '@test/support/clinic-staff';
import { createPatientWithDevice, createTestPatient, exchangeReport, randomSerialNumber, useDeviceBroker } from '@test/support/devices';
import { countDynamoRequests } from '@test/support/dynamo-requests';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { approvedPrescription, hhmm } from '@test/support/prescriptions';
import { HOUR_MS } from '@shared/time';

useTestTable();
useTestUserPool();
useDeviceBroker();
const api = useApi();
const requests = countDynamoRequests();

/**
 * The ClinicDirector's week of the care team, through the local API gateway, the real
 * ingest engine, DynamoDB Local and cognito-local: counters moved inside the transactions that
 * write what they count, the clearings by name, the visits closed, and the tenant's limits.
 */
type Clinic = Awaited<ReturnType<typeof createPatientWithDevice>>;
type Staff = { user: UserRecord; token: string };

let own: Clinic;
let other: Clinic;
let director: Staff;
let otherDirector: Staff;
let nurse: Staff;
let doctor: Staff;

const tenantOf = (clinic: Clinic) => ({
  ServiceProviderID: clinic.provider.ServiceProviderID,
  ClinicID: clinic.clinic.ClinicID,
  ClinicName: clinic.clinic.ClinicName,
});

beforeAll(async () => {
  own = await createPatientWithDevice();
  other = await createPatientWithDevice();
  director = await signedInUser('ClinicDirector', tenantOf(own));
  otherDirector = await signedInUser('ClinicDirector', tenantOf(other));
  nurse = await signedInUser('Nurse', { ...tenantOf(own), FirstName: 'Grace', LastName: 'Hopper' });
  doctor = await signedInUser('Doctor', { ...tenantOf(own), FirstName: 'Ada', LastName: 'Lovelace' });
}, 60_000);

async function week(caller: Staff, query = ''): Promise<{ status: number; body: CareTeamWeekResult }> {
  const path = buildPath(routes.getCareTeamWeekAsDirector.path, { id: caller.user.UserID });
  const answer = await api.call('GET', `${path}${query ? `?${query}` : ''}`, { token: caller.token });
  return answer as { status: number; body: CareTeamWeekResult };
}

async function rowOf(patientId: string, weekKey: string): Promise<CareTeamWeekRow | undefined> {
  const answer = await week(director, `week=${weekKey}&limit=100`);
  expect(answer.status).toBe(200);
  return answer.body.items.find((row) => row.UserID === patientId);
}

/** A patient of the own clinic with a device and a prescription approved three days ago, one exchange at `slot` every day (UTC). */
async function patientWithPrescription(slot: number) {
  const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: own.clinic.ClinicID });
  const { patient } = await createTestPatient({ ClinicID_ref: own.clinic.ClinicID, DoctorID_ref: doctor.user.UserID, LastName: 'Weekly' });
  await assignDevice(patient.UserID, device.SerialNumber);
  await approvedPrescription(patient.UserID, device.SerialNumber, [hhmm(slot)], new Date(Date.now() - 3 * 24 * HOUR_MS));
  clearIngestState();
  return { patient, device };
}

describe('getCareTeamWeek', () => {
  it('is the ClinicDirector’s only: a doctor or a nurse gets the refusal, not data', async () => {
    for (const caller of [doctor, nurse]) {
      const path = `${STAFF_PREFIXES.ClinicDirector.replace('{id}', caller.user.UserID)}/careTeamWeek`;
      const answer = await api.call('GET', path, { token: caller.token });
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain(own.patient.UserID);
    }
    expect(Object.keys(routes).filter((id) => id.startsWith('getCareTeamWeek'))).toEqual(['getCareTeamWeekAsDirector']);
  });

  it('lists only the own clinic’s patients: another clinic’s director sees none of them', async () => {
    const mine = await week(director, 'limit=100');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((row) => row.UserID)).toContain(own.patient.UserID);
    expect(mine.body.items.map((row) => row.UserID)).not.toContain(other.patient.UserID);
    const theirs = await week(otherDirector, 'limit=100');
    expect(theirs.status).toBe(200);
    expect(theirs.body.items.map((row) => row.UserID)).toEqual([other.patient.UserID]);
  });

  it('refuses a week that does not exist, and pages with a limit and a cursor', async () => {
    expect((await week(director, 'week=2026-W54')).status).toBe(400);
    expect((await week(director, 'week=2026-48')).body).toMatchObject({ message: [messages.careWeek.weekNotValid] });
    // Two patients: a page has a cursor only when another follows it.
    await createTestPatient({ ClinicID_ref: own.clinic.ClinicID, DoctorID_ref: doctor.user.UserID, LastName: 'Paged' });
    const first = await week(director, 'limit=1');
    expect(first.body.items).toHaveLength(1);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await week(director, `limit=1&cursor=${encodeURIComponent(first.body.cursor!)}`);
    expect(second.status).toBe(200);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]?.UserID).not.toBe(first.body.items[0]?.UserID);
    expect(second.body.cursor).toBeUndefined();
  });

  it('counts an exchange and its alerts when ingest stores it, once however often it is delivered, in the same requests as before', async () => {
    const slot = Date.now() - 2 * HOUR_MS;
    const { patient, device } = await patientWithPrescription(slot);
    const weekKey = isoWeekOf(slot, 'UTC');
    const before = await rowOf(patient.UserID, weekKey);
    expect(before).toMatchObject({ exchanges: 0, alertsRaised: 0, alertsCleared: 0, visitsClosed: 0, clearings: [] });

    // HighDrainTempAlert (severity 3) and HighPulseAlert (2).
    const report = exchangeReport(new Date(slot), { DrainTemp: 38.6, PulseMeasure: { Value: 120, Time: new Date(slot).toISOString() } });
    const earlierReport = exchangeReport(new Date(slot - 24 * HOUR_MS));
    const earlierId = earlierReport._id;
    await takeExchange(device.SerialNumber, earlierReport, new Date());
    requests.reset();
    expect(await takeExchange(device.SerialNumber, report, new Date())).toBe('stored');
    // The device's next exchange in this container goes with what ingest kept of the patient: the one transaction,
    // which the week's counters add no request to.
    expect(requests.total).toBe(1);
    expect(requests.byCommand.TransactWriteItemsCommand).toBe(1);
    expect(await takeExchange(device.SerialNumber, report, new Date())).toBe('duplicate');

    const stored = await exchangesRepository.get(patient.UserID, new Date(slot).toISOString(), report._id);
    const raised = stored!.StatusAlerts.alerts.map((alert) => alert.flag);
    expect(raised).toEqual(expect.arrayContaining(['HighDrainTempAlert', 'HighPulseAlert']));
    const row = await rowOf(patient.UserID, weekKey);
    const earlier = await exchangesRepository.get(patient.UserID, new Date(slot - 24 * HOUR_MS).toISOString(), earlierId);
    const earlierInWeek = isoWeekOf(slot - 24 * HOUR_MS, 'UTC') === weekKey ? 1 : 0;
    expect(row).toMatchObject({
      exchanges: 1 + earlierInWeek,
      alertsRaised: raised.length + earlierInWeek * earlier!.StatusAlerts.alerts.length,
      timeZone: 'UTC',
    });
    expect(row!.prescribed).toBeGreaterThanOrEqual(1);
    expect(row!.adherencePercent).toBe(Math.round((Math.min(row!.exchanges, row!.prescribed) * 1000) / row!.prescribed) / 10);
    // The week before and after hold none of it.
    expect(await rowOf(patient.UserID, addWeeks(weekKey, 1))).toMatchObject({ exchanges: 0, alertsRaised: 0 });
  });

  it('shows who cleared what: the clinician’s name, how many alerts, their flags and the day', async () => {
    const slot = Date.now() - 3 * HOUR_MS;
    const { patient, device } = await patientWithPrescription(slot);
    const report = exchangeReport(new Date(slot), { DrainTemp: 38.6, PulseMeasure: { Value: 120, Time: new Date(slot).toISOString() } });
    await takeExchange(device.SerialNumber, report, new Date());
    const cleared = await api.call('POST', staffPath('Nurse', nurse.user.UserID, patient.UserID, 'clearAlerts'), {
      token: nurse.token,
      body: { _id: report._id },
    });
    expect(cleared).toMatchObject({ status: 200, body: { cleared: 2 } });
    // Clearing again clears nothing and records nothing.
    await api.call('POST', staffPath('Nurse', nurse.user.UserID, patient.UserID, 'clearAlerts'), { token: nurse.token, body: { _id: patient.UserID } });

    const now = new Date();
    const row = await rowOf(patient.UserID, isoWeekOf(now.getTime(), 'UTC'));
    expect(row).toMatchObject({
      alertsCleared: 2,
      clearings: [
        { UserID: nurse.user.UserID, Name: 'Grace Hopper', count: 2, flags: ['HighDrainTempAlert', 'HighPulseAlert'], day: now.toISOString().slice(0, 10) },
      ],
    });
  });

  it('counts a visit closed in the week it was closed', async () => {
    const slot = Date.now() - 4 * HOUR_MS;
    const { patient, device } = await patientWithPrescription(slot);
    await takeExchange(device.SerialNumber, exchangeReport(new Date(slot)), new Date());
    const closed = await api.call('POST', staffPath('Doctor', doctor.user.UserID, patient.UserID, 'closeOpenVisit'), {
      token: doctor.token,
      body: { Findings: 'Stable', Recommendation: 'Keep the prescription', UrineOutput: 4.5 },
    });
    expect(closed.status).toBe(200);
    expect(await rowOf(patient.UserID, isoWeekOf(Date.now(), 'UTC'))).toMatchObject({ visitsClosed: 1 });
  });
});
