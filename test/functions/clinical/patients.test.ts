import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { patientsRepository } from '@functions/data/patients-repository';
import { alertsRepository } from '@functions/data/alerts-repository';
import { prescriptionsRepository } from '@functions/data/prescriptions-repository';
import { usersRepository } from '@functions/data/users-repository';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { ageInYears } from '@functions/services/patients';
import type { PatientListItem, PatientSignupInput } from '@shared/api/patients';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { handler as getPatients } from '@functions/handlers/clinical/get-patients';
import { API_BASE, buildPath, gatewayPath } from '@shared/api/paths';
import { routes, staffRouteId, type StaffRole } from '@shared/api/routes';
import * as messages from '@shared/messages';
import { signIn, signedInUser, useApi } from '@test/support/api';
import { randomSerialNumber } from '@test/support/devices';
import { prescriptionInput } from '@test/support/prescriptions';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { createTenant, type Tenant } from '@test/support/tenants';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * The patient half of the clinical staff's calls (spec sections 3, 5, 6, 7): signup, the
 * patient lists, the clinic's physicians, the profile and its update, each under the prefix of
 * every role that may make it, against DynamoDB Local and cognito-local.
 */
let own: Tenant;
let other: Tenant;
const tokens = new Map<string, string>();
const dynamo = new DynamoDBClient({});

beforeAll(async () => {
  [own, other] = [await createTenant('Own'), await createTenant('Other')];
}, 120_000);
afterAll(() => dynamo.destroy());

async function tokenOf(user: { UserID: string; Email: string }): Promise<string> {
  if (!tokens.has(user.UserID)) tokens.set(user.UserID, await signIn(user.Email));
  return tokens.get(user.UserID)!;
}

type Call = 'signupPatient' | 'getAllClinicPatients' | 'getallpatients' | 'getAllClinicDoctors' | 'getPatientProfile' | 'updatePatient';

/** Calls a staff route as a user of the tenant, under the prefix of the user's role. */
async function call(
  name: Call,
  user: { UserID: string; Email: string; Role: string },
  options: { patientId?: string; body?: unknown; query?: string } = {},
  // The answers are checked by value below; their types are the route table's, read loosely here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const route = routes[staffRouteId(name, user.Role as StaffRole) as keyof typeof routes];
  const path = buildPath(route.path, { id: user.UserID, ...(options.patientId ? { patientId: options.patientId } : {}) });
  return api.call(route.method, `${path}${options.query ? `?${options.query}` : ''}`, { token: await tokenOf(user), body: options.body });
}

let socialIds = 700_000_000;
const newSocialId = () => String((socialIds += 1));

/** A valid signup body (spec section 5), assigned to the given physician. */
const signupBody = (DoctorID: string, overrides: Partial<PatientSignupInput> = {}): PatientSignupInput => ({
  FirstName: 'Miriam',
  LastName: 'Katz',
  DOB: '1970-05-20',
  Gender: 'Female',
  Hispanic: false,
  RacialDesignation: ['White'],
  SocialId: newSocialId(),
  Address: { Country: 'Israel', City: 'Haifa', Street: '5 Hill St' },
  Phone: '+972 4 555 0199',
  Cellphone: '+972 54 555 0199',
  Email: 'miriam.katz@patient.example',
  ReferringPhysician: 'Dr. Ruth Amsalem',
  ReferringPhysician_Phone: '+972 4 555 0100',
  DialysisStart: '2025-01-10',
  PeritonealDialysisStart: '2030-02-01',
  Weight: 68,
  TargetWeight: '66',
  BloodPressure: '125/80',
  Pulse: 72,
  UrineOutput_CC: 600,
  GFR: 8,
  DoctorID,
  ...overrides,
});

/** Every item of the table, as text: a refused write must leave it as it was. */
async function tableItems(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: process.env.TABLE_NAME!, ExclusiveStartKey: ExclusiveStartKey as never }));
    items.push(...(page.Items ?? []).map((item) => unmarshall(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
const auditRecordsOf = async (patientId: string) =>
  (await tableItems())
    .filter((item) => String(item.pk).startsWith('AUDIT#') && item.PatientID === patientId)
    .sort((a, b) => String(a.At).localeCompare(String(b.At)));
const tableText = async () =>
  JSON.stringify(
    (await tableItems())
      .map((item) => JSON.stringify(item))
      .filter((item) => !item.includes('"pk":"SESSION#') && !item.includes('"pk":"REVOKED#'))
      .sort(),
  );

const staff = (tenant: Tenant) => ({ ClinicDirector: tenant.users.ClinicDirector, Doctor: tenant.users.Doctor, Nurse: tenant.users.Nurse });

describe('signupPatient', () => {
  it.each(['ClinicDirector', 'Doctor', 'Nurse'] as const)('%s creates a patient of the own clinic, readable by its staff', async (role) => {
    const caller = staff(own)[role];
    const response = await call('signupPatient', caller, { body: signupBody(own.users.Doctor.UserID, { FirstName: `By${role}` }) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      Patient: { ClinicID_ref: own.clinicId, ServiceProviderID: own.serviceProviderId, DoctorID_ref: own.users.Doctor.UserID, TargetWeight: 66 },
      PIIProfile: { FirstName: `By${role}`, LastName: 'Katz', Gender: 'Female', DOB: '1970-05-20' },
      status: 'created',
    });
    const patientId = response.body.Patient.UserID as string;
    expect(response.body.PIIProfile.UserID).toBe(patientId);
    const profile = await call('getPatientProfile', own.users.Nurse, { patientId });
    expect(profile.body.PIIProfile[0]).toMatchObject({ FirstName: `By${role}`, RacialDesignation: ['White'] });
    const [record] = await auditRecordsOf(patientId);
    expect(record).toMatchObject({ Action: 'write', Entity: 'Patient', EntityID: patientId, UserID: caller.UserID, Role: role, ClinicID: own.clinicId });
    // The audit record says personal data was stored, never what it is.
    expect(JSON.stringify(record!.Changes)).not.toContain('Katz');
  });

  it('answers the spec’s messages for a bad patient', async () => {
    const empty = await call('signupPatient', own.users.Nurse, { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toEqual(
      expect.arrayContaining(['First name is required', 'SocialId is required', 'Blood pressure is required', 'GFR is required']),
    );
    const bad = await call('signupPatient', own.users.Nurse, {
      body: signupBody(own.users.Doctor.UserID, { BloodPressure: '120-80', Phone: 'call me', Email: 'nope', Weight: 'heavy' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining(['Blood pressure input is not valid', 'Phone number is not valid', 'Email is not valid', 'Weight input is not valid']),
    );
  });

  it('assigns only a doctor or director of the own clinic; a doctor assigns only themself', async () => {
    const before = await tableText();
    const foreign = await call('signupPatient', own.users.ClinicDirector, { body: signupBody(other.users.Doctor.UserID) });
    expect(foreign).toMatchObject({ status: 400, body: { message: [messages.patients.physicianNotInClinic] } });
    const nurse = await call('signupPatient', own.users.ClinicDirector, { body: signupBody(own.users.Nurse.UserID) });
    expect(nurse).toMatchObject({ status: 400, body: { message: [messages.patients.physicianNotInClinic] } });
    const byDoctor = await call('signupPatient', own.users.Doctor, { body: signupBody(own.users.ClinicDirector.UserID) });
    expect(byDoctor).toMatchObject({ status: 403, body: { message: [messages.errors.noPermission] } });
    expect(await tableText()).toBe(before);
  });

  it('refuses a SocialId already registered in the clinic, writing nothing; another clinic may have it', async () => {
    const SocialId = newSocialId();
    expect((await call('signupPatient', own.users.Nurse, { body: signupBody(own.users.Doctor.UserID, { SocialId }) })).status).toBe(200);
    const before = await tableText();
    const duplicate = await call('signupPatient', own.users.ClinicDirector, {
      body: signupBody(own.users.ClinicDirector.UserID, { SocialId, FirstName: 'Twin' }),
    });
    expect(duplicate).toEqual({ status: 409, body: { message: ['SocialId is already registered.'] } });
    expect(await tableText()).toBe(before);
    expect((await call('signupPatient', other.users.Nurse, { body: signupBody(other.users.Doctor.UserID, { SocialId }) })).status).toBe(200);
  });
});

describe('the patient lists', () => {
  let list: Tenant;
  let alerted: string;
  let ofDirector: string;
  let doctorIds: string[];

  beforeAll(async () => {
    list = await createTenant('Lists');
    const doctorPatient = await call('signupPatient', list.users.Nurse, {
      body: signupBody(list.users.Doctor.UserID, { FirstName: 'Alma', LastName: 'Levi', DOB: '1960-01-01' }),
    });
    alerted = doctorPatient.body.Patient.UserID;
    const directorPatient = await call('signupPatient', list.users.Nurse, { body: signupBody(list.users.ClinicDirector.UserID, { FirstName: 'Ben' }) });
    ofDirector = directorPatient.body.Patient.UserID;
    doctorIds = [list.patientId, alerted];
    // Three unresolved alerts (one severe), a device and a prescription for the first.
    for (const [i, severity] of ([2, 3, 2] as const).entries()) {
      await alertsRepository.raiseAlert({
        patientId: alerted,
        sourceId: `test-${i}`,
        alert: { AlertID: `test-${i}:SkippedAlert`, Time: `2026-01-0${i + 1}T08:00:00.000Z`, flag: 'SkippedAlert', severity, textValue: 'Skipped exchange' },
      });
    }
    const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: list.clinicId });
    await assignDevice(alerted, device.SerialNumber);
    await prescriptionsRepository.addPrescription({
      PrescriptionId: 'rx-test-1',
      SerialNumber: device.SerialNumber,
      ...prescriptionInput([
        {
          ExchangeFluid: 'DIAneal 1.36%',
          ExchangeLiter: 2,
          ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'],
          ExchangeTime: ['07:00', '12:00'],
        },
        { ExchangeFluid: 'DIAneal 2.27%', ExchangeLiter: 2, ExchangeDaysFrequency: ['MO', 'TH'], ExchangeTime: ['17:00'] },
        { ExchangeFluid: 'EXTRAneal', ExchangeLiter: 2, ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'], ExchangeTime: ['22:00'] },
      ]),
      Created_UTC: '2026-01-01T00:00:00.000Z',
      PatientID: alerted,
      Approved: false,
      CreatedBy: list.users.Doctor.UserID,
    });
  }, 120_000);

  const ids = (items: PatientListItem[]) => items.map((item) => item.UserID).sort();

  it.each(['ClinicDirector', 'Nurse'] as const)('%s lists every patient of the own clinic and none of another', async (role) => {
    const response = await call('getAllClinicPatients', list.users[role]);
    expect(response.status).toBe(200);
    expect(ids(response.body.items)).toEqual([list.patientId, alerted, ofDirector].sort());
    expect(response.body.cursor).toBeUndefined();
  });

  it("Doctor lists only the doctor's own patients", async () => {
    const response = await call('getallpatients', list.users.Doctor);
    expect(response.status).toBe(200);
    expect(ids(response.body.items)).toEqual([...doctorIds].sort());
    const ofOwnDoctor = await call('getallpatients', own.users.Doctor);
    expect(ids(ofOwnDoctor.body.items)).not.toContain(alerted);
  });

  it('shows a row as the list needs it: name, age, physician, the oldest alerts, the protocol, the device', async () => {
    const { body } = await call('getAllClinicPatients', list.users.Nurse);
    const row = (body.items as PatientListItem[]).find((item) => item.UserID === alerted)!;
    const today = new Date();
    const age = today.getUTCFullYear() - 1960 - (today.getUTCMonth() === 0 && today.getUTCDate() < 1 ? 1 : 0);
    expect(row).toMatchObject({
      ClinicID: list.clinicId,
      patientName: 'Alma Levi',
      gender: 'Female',
      DOB: '1960-01-01',
      age,
      statusValue: 3,
      unresolved: 3,
      unresolvedSince: '2026-01-01T08:00:00.000Z',
      Protocol: '4 exchanges a day: DIAneal 1.36%, DIAneal 2.27%, EXTRAneal',
      assignedPhysician: `${list.users.Doctor.FirstName} ${list.users.Doctor.LastName}`,
      assignedPhysicianId: list.users.Doctor.UserID,
      disabled: false,
    });
    expect(row.status.UserID).toBe(alerted);
    expect(row.status.alerts.map((alert) => alert.Time)).toEqual(['2026-01-01T08:00:00.000Z', '2026-01-02T08:00:00.000Z', '2026-01-03T08:00:00.000Z']);
    const quiet = (body.items as PatientListItem[]).find((item) => item.UserID === ofDirector)!;
    expect(quiet).toMatchObject({ statusValue: 1, unresolved: 0, status: { alerts: [] }, Protocol: '', disabled: true });
    expect(quiet.unresolvedSince).toBeUndefined();
  });

  it('shows the oldest five of more unresolved alerts, counting them all', async () => {
    for (const i of [3, 4, 5]) {
      await alertsRepository.raiseAlert({
        patientId: alerted,
        sourceId: `test-${i}`,
        alert: { AlertID: `test-${i}:SkippedAlert`, Time: `2026-01-0${i + 1}T08:00:00.000Z`, flag: 'SkippedAlert', severity: 2, textValue: 'Skipped exchange' },
      });
    }
    const { body } = await call('getAllClinicPatients', list.users.ClinicDirector);
    const row = (body.items as PatientListItem[]).find((item) => item.UserID === alerted)!;
    expect(row).toMatchObject({ unresolved: 6, statusValue: 3, unresolvedSince: '2026-01-01T08:00:00.000Z' });
    expect(row.status.alerts.map((alert) => alert.AlertID)).toEqual(['test-0', 'test-1', 'test-2', 'test-3', 'test-4'].map((id) => `${id}:SkippedAlert`));
  });

  it('pages with a limit and a cursor, and records the read', async () => {
    const first = await call('getAllClinicPatients', list.users.ClinicDirector, { query: 'limit=2' });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await call('getAllClinicPatients', list.users.ClinicDirector, { query: `limit=2&cursor=${encodeURIComponent(first.body.cursor)}` });
    expect([...ids(first.body.items), ...ids(second.body.items)].sort()).toEqual([list.patientId, alerted, ofDirector].sort());
    // A cursor only when patients follow: a client reading every page never asks for an empty one.
    expect(second.body.cursor).toBeUndefined();
    const whole = await call('getAllClinicPatients', list.users.ClinicDirector, { query: 'limit=3' });
    expect([whole.body.items.length, whole.body.cursor]).toEqual([3, undefined]);
    const reads = (await tableItems()).filter((item) => item.Entity === 'PatientList' && item.UserID === list.users.ClinicDirector.UserID);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads[0]).toMatchObject({ Action: 'read', ClinicID: list.clinicId, EntityID: list.clinicId });
  });
});

describe('getAllClinicDoctors', () => {
  beforeAll(async () => {
    // A disabled doctor of the clinic is no physician to assign.
    const { user } = await signedInUser('Doctor', { ClinicID: own.clinicId, ServiceProviderID: own.serviceProviderId });
    await usersRepository.setEnabled(user.UserID, false);
  });

  it.each(['ClinicDirector', 'Nurse'] as const)('%s gets the own clinic’s doctors and directors', async (role) => {
    const response = await call('getAllClinicDoctors', own.users[role]);
    expect(response.status).toBe(200);
    const list = response.body[0].UserList as Array<{ UserID: string; Role: string }>;
    expect(list.map((user) => user.UserID).sort()).toEqual([own.users.Doctor.UserID, own.users.ClinicDirector.UserID].sort());
    expect(list).toContainEqual({
      UserID: own.users.Doctor.UserID,
      FirstName: own.users.Doctor.FirstName,
      LastName: own.users.Doctor.LastName,
      Role: 'Doctor',
    });
  });
});

describe('getPatientProfile', () => {
  it.each(['ClinicDirector', 'Doctor', 'Nurse'] as const)("%s reads a patient of the own clinic, not another clinic's; the read is recorded", async (role) => {
    const caller = own.users[role];
    const response = await call('getPatientProfile', caller, { patientId: own.patientId });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      Profile: { UserID: own.patientId, ClinicID_ref: own.clinicId, PatientAlertStatus: { statusValue: 1, unresolved: 0 } },
      PIIProfile: [{ UserID: own.patientId, LastName: 'Own' }],
      device: { DeviceID: own.deviceId, SerialNumber: own.serialNumber, IsEnabled: true },
      assignedPhysician: { UserID: own.users.Doctor.UserID, Role: 'Doctor' },
    });
    const reads = (await auditRecordsOf(own.patientId)).filter((record) => record.Action === 'read' && record.UserID === caller.UserID);
    expect(reads[0]).toMatchObject({ Entity: 'Patient', EntityID: own.patientId, Role: role });
    const outside = await call('getPatientProfile', caller, { patientId: other.patientId });
    expect(outside).toEqual({ status: 404, body: { message: [messages.errors.notFound] } });
  });

  it('shows the linked device', async () => {
    const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: own.clinicId });
    const { body } = await call('signupPatient', own.users.Nurse, { body: signupBody(own.users.Doctor.UserID) });
    await assignDevice(body.Patient.UserID, device.SerialNumber);
    const profile = await call('getPatientProfile', own.users.Doctor, { patientId: body.Patient.UserID });
    expect(profile.body.device).toEqual({ DeviceID: device.DeviceID, SerialNumber: device.SerialNumber, IsEnabled: true });
  });
});

describe('updatePatient', () => {
  const newPatient = async (overrides: Partial<PatientSignupInput> = {}) =>
    (await call('signupPatient', own.users.Nurse, { body: signupBody(own.users.Doctor.UserID, overrides) })).body.Patient.UserID as string;

  it.each(['ClinicDirector', 'Doctor'] as const)('%s changes what was sent, answers the changed fields and records one audit record', async (role) => {
    const patientId = await newPatient();
    const caller = own.users[role];
    const response = await call('updatePatient', caller, { patientId, body: { Pulse: 80, Phone: '+972 4 555 0222', Weight: 68, FirstName: 'Miriam' } });
    expect(response.status).toBe(200);
    expect(response.body.changed).toEqual(['Phone', 'Pulse']);
    expect(response.body).toMatchObject({ Profile: { Pulse: 80, Weight: 68 }, PIIProfile: [{ Phone: '+972 4 555 0222' }] });
    const profile = await call('getPatientProfile', caller, { patientId });
    expect(profile.body).toMatchObject({ Profile: { Pulse: 80 }, PIIProfile: [{ Phone: '+972 4 555 0222' }] });
    const writes = (await auditRecordsOf(patientId)).filter((record) => record.Action === 'write' && record.UserID === caller.UserID);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      Role: role,
      Entity: 'Patient',
      EntityID: patientId,
      ClinicID: own.clinicId,
      Changes: [
        { field: 'Phone', before: '+972 4 555 0199', after: '+972 4 555 0222' },
        { field: 'Pulse', before: 72, after: 80 },
      ],
    });
    const outside = await call('updatePatient', caller, { patientId: other.patientId, body: { Pulse: 90 } });
    expect(outside).toEqual({ status: 404, body: { message: [messages.errors.notFound] } });
  });

  it('lets only a director reassign the physician, to a doctor of the clinic', async () => {
    const patientId = await newPatient();
    const before = await tableText();
    const byDoctor = await call('updatePatient', own.users.Doctor, { patientId, body: { DoctorID_ref: own.users.ClinicDirector.UserID, Pulse: 99 } });
    expect(byDoctor).toEqual({ status: 403, body: { message: [messages.errors.noPermission] } });
    const foreign = await call('updatePatient', own.users.ClinicDirector, { patientId, body: { DoctorID_ref: other.users.Doctor.UserID } });
    expect(foreign).toEqual({ status: 400, body: { message: [messages.patients.physicianNotInClinic] } });
    expect(await tableText()).toBe(before);
    // The doctor may send the unchanged physician (the form's disabled field).
    expect((await call('updatePatient', own.users.Doctor, { patientId, body: { DoctorID_ref: own.users.Doctor.UserID, Pulse: 75 } })).body.changed).toEqual([
      'Pulse',
    ]);

    const reassigned = await call('updatePatient', own.users.ClinicDirector, { patientId, body: { DoctorID_ref: own.users.ClinicDirector.UserID } });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body).toMatchObject({ changed: ['DoctorID_ref'], assignedPhysician: { UserID: own.users.ClinicDirector.UserID } });
    const doctorsList = await call('getallpatients', own.users.Doctor);
    expect(doctorsList.body.items.map((item: PatientListItem) => item.UserID)).not.toContain(patientId);
  });

  it('moves the SocialId, refusing one taken in the clinic and changing nothing then', async () => {
    const taken = newSocialId();
    await newPatient({ SocialId: taken });
    const original = newSocialId();
    const patientId = await newPatient({ SocialId: original });
    const before = await tableText();
    const refused = await call('updatePatient', own.users.ClinicDirector, { patientId, body: { SocialId: taken, Pulse: 101 } });
    expect(refused).toEqual({ status: 409, body: { message: ['SocialId is already registered.'] } });
    expect(await tableText()).toBe(before);
    const moved = newSocialId();
    expect((await call('updatePatient', own.users.ClinicDirector, { patientId, body: { SocialId: moved } })).body.changed).toEqual(['SocialId']);
    // The old SocialId is free again, the new one taken.
    expect((await call('signupPatient', own.users.Nurse, { body: signupBody(own.users.Doctor.UserID, { SocialId: original }) })).status).toBe(200);
    expect((await call('signupPatient', own.users.Nurse, { body: signupBody(own.users.Doctor.UserID, { SocialId: moved }) })).status).toBe(409);
  });

  it('moves a SocialId only from the one the edit read: a stale edit changes nothing, one marker stays', async () => {
    const original = newSocialId();
    const patientId = await newPatient({ SocialId: original });
    const record = () => ({
      AuditID: randomUUID(),
      At: new Date().toISOString(),
      UserID: own.users.ClinicDirector.UserID,
      Role: 'ClinicDirector',
      Route: 'test',
      Action: 'write' as const,
      Entity: 'Patient',
      EntityID: patientId,
      SourceIp: '127.0.0.1',
    });
    const move = (to: string) => ({ clinical: {}, pii: { set: { SocialId: to }, remove: [] }, socialId: { clinicId: own.clinicId, from: original, to } });
    const [first, second] = [newSocialId(), newSocialId()];
    // Two edits that both read the original SocialId: the second arrives after the first moved it.
    expect(await patientsRepository.update(patientId, move(first), record())).toBe('updated');
    const before = await tableText();
    expect(await patientsRepository.update(patientId, move(second), record())).toBe('changedMeanwhile');
    expect(await tableText()).toBe(before);
    const markers = (await tableItems()).filter((item) => String(item.pk).startsWith('SOCIALID#') && item.PatientID === patientId);
    expect(markers.map((marker) => marker.pk)).toEqual([`SOCIALID#${own.clinicId}#${first}`]);
  });

  it('drops the racial designation when Hispanic is true', async () => {
    const patientId = await newPatient();
    const response = await call('updatePatient', own.users.Doctor, { patientId, body: { Hispanic: true, RacialDesignation: ['Asian'] } });
    expect(response.status).toBe(200);
    expect(response.body.changed).toEqual(['Hispanic', 'RacialDesignation']);
    expect(response.body.PIIProfile[0].RacialDesignation).toBeUndefined();
    const profile = await call('getPatientProfile', own.users.Nurse, { patientId });
    expect(profile.body.PIIProfile[0]).toMatchObject({ Hispanic: true });
    expect(profile.body.PIIProfile[0].RacialDesignation).toBeUndefined();
  });

  it('refuses a bad value with the spec’s message', async () => {
    const response = await call('updatePatient', own.users.ClinicDirector, { patientId: own.patientId, body: { BloodPressure: '1/2' } });
    expect(response).toMatchObject({ status: 400, body: { message: ['Blood pressure input is not valid'] } });
  });
});

it('a staff member without a clinic reaches no list', async () => {
  const { user, token } = await signedInUser('Nurse');
  tokens.set(user.UserID, token);
  const response = await call('getAllClinicPatients', user);
  expect(response.status).toBe(403);
});

it('answers the route key API Gateway sends for a path the spec writes with a trailing slash', async () => {
  const route = routes.getAllClinicPatientsAsDirector;
  expect(route.path.endsWith('/')).toBe(true);
  const director = own.users.ClinicDirector;
  const event = {
    version: '2.0',
    routeKey: `GET ${gatewayPath(route.path)}`,
    rawPath: `${API_BASE}${buildPath(route.path, { id: director.UserID })}`,
    rawQueryString: '',
    headers: { 'user-agent': 'patients-test' },
    pathParameters: { id: director.UserID },
    isBase64Encoded: false,
    requestContext: {
      requestId: 'patients-test',
      http: { method: 'GET', path: '/', protocol: 'HTTP/1.1', sourceIp: '10.1.2.3', userAgent: 'patients-test' },
      authorizer: { jwt: { claims: { sub: director.UserID, 'cognito:groups': '[ClinicDirector]' }, scopes: [] } },
    },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
  const context = { functionName: 'get-patients', awsRequestId: 'test', getRemainingTimeInMillis: () => 1000 } as unknown as Context;
  const result = await getPatients(event, context);
  expect(result.statusCode).toBe(200);
  expect((JSON.parse(result.body!) as { items: PatientListItem[] }).items.map((item) => item.UserID)).toContain(own.patientId);
});

it('refuses a cursor it did not hand out with a 400', async () => {
  for (const cursor of ['garbage', Buffer.from(JSON.stringify({ pk: 'PATIENT#x', sk: 'PII' })).toString('base64url')]) {
    const response = await call('getAllClinicPatients', own.users.Nurse, { query: `cursor=${cursor}` });
    expect(response.status).toBe(400);
  }
});

it('counts age in whole years, a birthday making the next', () => {
  expect(ageInYears('1960-06-15', new Date('2026-06-14T23:59:00Z'))).toBe(65);
  expect(ageInYears('1960-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(66);
  expect(ageInYears('1960-12-31', new Date('2026-01-01T00:00:00Z'))).toBe(65);
});
