import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  ALERTS_WITHOUT_EXCHANGE,
  patientFields,
  piiFields,
  type PatientListItem,
  type PatientProfile,
  type PatientProfileResult,
  type PatientSignup,
  type PatientUpdate,
  type Physician,
} from '@shared/api/patients';
import * as messages from '@shared/messages';
import type { Role } from '@shared/roles';
import { clinicsRepository } from '../data/clinics-repository';
import { devicesRepository } from '../data/devices-repository';
import { allItems, type PageRequest } from '../data/page';
import { patientsRepository, type NewPatientRecord, type PatientEdit, type PatientPii, type PatientRecord } from '../data/patients-repository';
import { alertsRepository } from '../data/alerts-repository';
import { usersRepository, type UserRecord } from '../data/users-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { inScope, mayTouch } from '../lib/scope';

export type NewPatient = Omit<PatientPii, 'UserID'> & Omit<NewPatientRecord, 'UserID' | 'ServiceProviderID' | 'CreatedAt'>;

const m = messages.patients;
const isPiiField = (field: string) => (piiFields as readonly string[]).includes(field);
const duplicateSocialId = () => conflict(messages.errors.alreadyRegistered('SocialId'));

/** Who may be a patient's assigned physician (spec section 6: the director by default, a doctor fixed to self). */
const PHYSICIAN_ROLES: readonly Role[] = ['Doctor', 'ClinicDirector'];
/** How many unresolved alerts a list row shows (the oldest; `unresolved` counts them all). */
const ROW_ALERTS = 5;

/** The caller's clinic and provider: every clinical call is scoped to them (DESIGN.md section 4). */
function staffTenant(caller: Caller): { clinicId: string; serviceProviderId: string } {
  if (!caller.clinicId || !caller.serviceProviderId) throw forbidden();
  return { clinicId: caller.clinicId, serviceProviderId: caller.serviceProviderId };
}

const isPhysicianOf = (clinicId: string, user: UserRecord | undefined): user is UserRecord =>
  user !== undefined && user.IsEnabled && user.ClinicID === clinicId && PHYSICIAN_ROLES.includes(user.Role);

/** The assigned physician must be an enabled doctor or director of the patient's clinic. */
async function physicianOfClinic(clinicId: string, userId: string): Promise<UserRecord> {
  const user = await usersRepository.get(userId);
  if (!isPhysicianOf(clinicId, user)) throw badRequest(m.physicianNotInClinic);
  return user;
}

const toPhysician = ({ UserID, FirstName, LastName, Role }: UserRecord): Physician => ({ UserID, FirstName, LastName, Role });

/** Splits a new patient's fields into the personal data and the clinical profile (spec section 3: a separate PII profile). */
function splitPatient<T extends object>(fields: T): { pii: Record<string, unknown>; clinical: Record<string, unknown> } {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return {
    pii: Object.fromEntries(entries.filter(([field]) => isPiiField(field))),
    clinical: Object.fromEntries(entries.filter(([field]) => !isPiiField(field))),
  };
}

/**
 * What an audit record of a new patient keeps: the clinical profile, and that personal data was
 * stored, never its values (docs/security.md, "The audit trail").
 */
const createdForAudit = ({ UserID, CreatedAt, ...clinical }: NewPatientRecord) => ({ ...clinical, PIIProfile: 'created' });

/** Creates a patient of a clinic (seed data, tests): the clinical profile and, apart from it, the personal data (spec section 3, Patient). */
export async function createPatient(input: NewPatient): Promise<{ patient: PatientRecord; pii: PatientPii }> {
  const clinic = await clinicsRepository.get(input.ClinicID_ref);
  if (!clinic) throw notFound();
  const UserID = randomUUID();
  const { pii, clinical } = splitPatient(input);
  const patient = { ...clinical, UserID, ServiceProviderID: clinic.ServiceProviderID, CreatedAt: new Date().toISOString() } as NewPatientRecord;
  const stored = { ...pii, UserID } as PatientPii;
  if ((await patientsRepository.create(patient, stored)) === 'duplicateSocialId') throw duplicateSocialId();
  return { patient: { ...patient, PatientAlertStatus: { statusValue: 1, unresolved: 0 } }, pii: stored };
}

/**
 * …/patients/signup: a patient of the caller's clinic, assigned to a doctor or director of that
 * clinic (a doctor assigns themself). The SocialId is unique within the clinic; the patient, the
 * personal data, the SocialId's marker and the audit record are written in one transaction.
 */
export async function signupPatient(caller: Caller, audit: AuditTrail, input: PatientSignup) {
  const { clinicId, serviceProviderId } = staffTenant(caller);
  const { DoctorID, ...fields } = input;
  if (caller.role === 'Doctor' && DoctorID !== caller.userId) throw forbidden();
  await physicianOfClinic(clinicId, DoctorID);
  const UserID = randomUUID();
  const { pii, clinical } = splitPatient(fields);
  const patient = {
    ...clinical,
    UserID,
    ClinicID_ref: clinicId,
    ServiceProviderID: serviceProviderId,
    DoctorID_ref: DoctorID,
    CreatedAt: new Date().toISOString(),
  } as NewPatientRecord;
  const personal = { ...pii, UserID } as PatientPii;
  const record = audit.write({
    entity: 'Patient',
    id: UserID,
    after: createdForAudit(patient),
    PatientID: UserID,
    ClinicID: clinicId,
    ServiceProviderID: serviceProviderId,
  });
  if ((await patientsRepository.create(patient, personal, record)) === 'duplicateSocialId') throw duplicateSocialId();
  return { Patient: { ...patient, PatientAlertStatus: { statusValue: 1 as const, unresolved: 0 } }, PIIProfile: personal, status: 'created' as const };
}

/** Whole years from a date of birth (yyyy-mm-dd) to today (UTC). */
export function ageInYears(dob: string, today = new Date()): number {
  const [year = 0, month = 1, day = 1] = dob.split('-').map(Number);
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return Math.max(0, today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0));
}

/**
 * /patients: one page of the clinic's patients (director, nurse: …/getAllClinicPatients/) or of the
 * doctor's own (…/getallpatients/), one Query on that partition; the page's personal data and
 * physicians are one BatchGet each, and each patient with unresolved alerts one Query of its oldest few.
 */
export async function listPatients(caller: Caller, audit: AuditTrail, page: PageRequest): Promise<{ items: PatientListItem[]; cursor?: string }> {
  const { clinicId, serviceProviderId } = staffTenant(caller);
  const listed = await (caller.role === 'Doctor' ? patientsRepository.listByDoctor(caller.userId, page) : patientsRepository.listByClinic(clinicId, page));
  // A doctor's key lists their patients; a patient of another clinic (a moved doctor) stays out of reach.
  const patients = listed.items.filter((patient) => mayTouch(caller, { kind: 'patient', keys: patient }));
  const [personal, physicians, alerts] = await Promise.all([
    patientsRepository.getPiiMany(patients.map((patient) => patient.UserID)),
    usersRepository.getMany(patients.map((patient) => patient.DoctorID_ref)),
    Promise.all(
      patients.map(async (patient) =>
        patient.PatientAlertStatus.unresolved > 0 ? (await alertsRepository.listUnresolvedAlerts(patient.UserID, { limit: ROW_ALERTS })).items : [],
      ),
    ),
  ]);
  audit.read({ entity: 'PatientList', id: caller.role === 'Doctor' ? caller.userId : clinicId, ClinicID: clinicId, ServiceProviderID: serviceProviderId });
  const piiOf = new Map(personal.map((pii) => [pii.UserID, pii]));
  const physicianOf = new Map(physicians.filter((user) => user.ClinicID === clinicId).map((user) => [user.UserID, user]));
  const items = patients.flatMap((patient, index): PatientListItem[] => {
    const pii = piiOf.get(patient.UserID);
    if (!pii) return [];
    const physician = physicianOf.get(patient.DoctorID_ref);
    const rowAlerts = alerts[index] ?? [];
    return [
      {
        UserID: patient.UserID,
        ClinicID: patient.ClinicID_ref,
        patientName: `${pii.FirstName} ${pii.LastName}`,
        socialId: pii.SocialId,
        status: { UserID: patient.UserID, alerts: rowAlerts },
        statusValue: patient.PatientAlertStatus.statusValue,
        unresolved: patient.PatientAlertStatus.unresolved,
        unresolvedSince: rowAlerts[0]?.Time,
        gender: pii.Gender,
        DOB: pii.DOB,
        age: ageInYears(pii.DOB),
        Protocol: patient.ProtocolSummary ?? '',
        assignedPhysician: physician ? `${physician.FirstName} ${physician.LastName}` : '',
        assignedPhysicianId: patient.DoctorID_ref,
        LastExchangeTime: patient.LastExchangeTime,
        disabled: patient.Device === undefined,
      },
    ];
  });
  return { items, cursor: listed.cursor ?? undefined };
}

/** …/getAllClinicDoctors/: the clinic's enabled doctors and directors, the physicians a patient can be assigned to. */
export async function clinicDoctors(caller: Caller): Promise<Array<{ UserList: Physician[] }>> {
  const { clinicId } = staffTenant(caller);
  const users = await allItems((page) => usersRepository.listByClinic(clinicId, page));
  return [{ UserList: users.filter((user) => isPhysicianOf(clinicId, user)).map(toPhysician) }];
}

/** The profile as the screen shows it: the clinical profile with its protocols, the personal data, the device and the physician. */
async function profileOf(patient: PatientRecord, pii: PatientPii | undefined): Promise<PatientProfileResult> {
  const [device, physician] = await Promise.all([
    patient.Device ? devicesRepository.get(patient.Device.DeviceID) : undefined,
    usersRepository.get(patient.DoctorID_ref),
  ]);
  const Profile: PatientProfile = {
    ...patient,
    Protocols: patient.Protocols ?? (patient.CurrentPrescriptionID ? { current_protocol: patient.CurrentPrescriptionID } : undefined),
  };
  return {
    Profile,
    PIIProfile: pii ? [pii] : [],
    device: device ? { DeviceID: device.DeviceID, SerialNumber: device.SerialNumber, IsEnabled: device.IsEnabled } : null,
    assignedPhysician: physician && physician.ClinicID === patient.ClinicID_ref ? toPhysician(physician) : undefined,
  };
}

/** …/patients/{patientId}/profile: a patient of the caller's clinic; the read is recorded. */
export async function patientProfile(caller: Caller, audit: AuditTrail, patientId: string): Promise<PatientProfileResult> {
  const patient = inScope(caller, 'patient', await patientsRepository.get(patientId));
  audit.read({ entity: 'Patient', id: patientId, PatientID: patientId, ClinicID: patient.ClinicID_ref, ServiceProviderID: patient.ServiceProviderID });
  const [pii, alertsWithoutExchange] = await Promise.all([
    patientsRepository.getPii(patientId),
    patient.PatientAlertStatus.unresolved > 0 ? alertsRepository.listUnresolvedWithoutExchange(patientId, ALERTS_WITHOUT_EXCHANGE) : [],
  ]);
  return { ...(await profileOf(patient, pii)), alertsWithoutExchange };
}

/**
 * …/patients/{patientId}/updatepatient (director, doctor): the fields sent that differ from the
 * stored ones change; only a director reassigns the physician. The clinical profile, the personal
 * data, the SocialId's marker and the audit record (the changed fields before and after) are one
 * transaction, so nothing changes on any error.
 */
export async function updatePatient(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  input: PatientUpdate,
): Promise<PatientProfileResult & { changed: string[] }> {
  const patient = inScope(caller, 'patient', await patientsRepository.get(patientId));
  const pii = await patientsRepository.getPii(patientId);
  if (!pii) throw notFound();
  const stored: Record<string, unknown> = { ...patient, ...pii };
  const changes = Object.fromEntries(
    Object.entries(input).filter(([field, value]) => value !== undefined && !isDeepStrictEqual(stored[field], value)),
  ) as PatientUpdate;
  if (changes.DoctorID_ref !== undefined) {
    if (caller.role !== 'ClinicDirector') throw forbidden();
    await physicianOfClinic(patient.ClinicID_ref, changes.DoctorID_ref);
  }
  // The racial designation is hidden when Hispanic is true: it is not kept then (spec section 3).
  const hispanic = changes.Hispanic ?? pii.Hispanic;
  if (hispanic) delete changes.RacialDesignation;
  const removeRace = hispanic && pii.RacialDesignation !== undefined;

  const changed = patientFields.filter((field) => field in changes || (field === 'RacialDesignation' && removeRace));
  const { pii: piiSet, clinical } = splitPatient(changes);
  const edit: PatientEdit = {
    clinical,
    pii: { set: piiSet, remove: removeRace ? ['RacialDesignation'] : [] },
    socialId: changes.SocialId === undefined ? undefined : { clinicId: patient.ClinicID_ref, from: pii.SocialId, to: changes.SocialId },
  };
  const record = audit.write({
    entity: 'Patient',
    id: patientId,
    before: Object.fromEntries(changed.map((field) => [field, stored[field]])),
    after: Object.fromEntries(changed.map((field) => [field, (changes as Record<string, unknown>)[field]])),
    PatientID: patientId,
    ClinicID: patient.ClinicID_ref,
    ServiceProviderID: patient.ServiceProviderID,
  });
  const outcome = await patientsRepository.update(patientId, edit, record);
  if (outcome === 'duplicateSocialId') throw duplicateSocialId();
  if (outcome === 'changedMeanwhile') throw conflict(m.tryAgain);

  const { RacialDesignation, ...piiKept } = pii;
  const updatedPii: PatientPii = { ...(removeRace ? piiKept : pii), ...edit.pii.set };
  return { ...(await profileOf({ ...patient, ...edit.clinical }, updatedPii)), changed };
}
