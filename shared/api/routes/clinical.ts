import { careTeamWeekQuerySchema, careTeamWeekResultSchema } from '../care-week';
import { historyPageSchema, historyQuerySchema, patientHistoryQuerySchema } from '../history';
import {
  clinicDoctorsSchema,
  patientListQuerySchema,
  patientListSchema,
  patientProfileResultSchema,
  patientSignupResultSchema,
  patientSignupSchema,
  patientUpdateResultSchema,
  patientUpdateSchema,
} from '../patients';
import { defineRoutes } from '../route-definition';
import { exchangeRoutes } from './exchanges';
import { ALL_STAFF, PATIENT_TENANT, staffRoutes } from './staff';

/**
 * The clinical staff's calls (spec section 7, Staff, under /clinicsDirector/{id}, /doctors/{id},
 * /nurses/{id}): patients and their exchanges. The exchanges' calls are in exchanges.ts, so that
 * their Lambdas carry those routes' schemas only; this area joins them.
 */
export const clinicalRoutes = defineRoutes({
  ...staffRoutes('signupPatient', '/patients/signup', ALL_STAFF, {
    method: 'POST',
    body: patientSignupSchema,
    response: patientSignupResultSchema,
    handler: 'clinical/signup-patient',
    // Spec section 3: a patient's clinical profile carries its ClinicID.
    tenantEchoes: ['ClinicID', 'ServiceProviderID'],
    access: ['table-write'],
    keys: ['USER'],
    writeKeys: ['PATIENT', 'SOCIALID', 'AUDIT'],
    tenant: { kind: 'own' },
    audit: 'write',
    thing: 'create patient',
  }),
  ...staffRoutes('getAllClinicPatients', '/getAllClinicPatients/', ['ClinicDirector', 'Nurse'], {
    method: 'GET',
    query: patientListQuerySchema,
    response: patientListSchema,
    handler: 'clinical/get-patients',
    access: ['table-write'],
    keys: ['CLINIC', 'PATIENT', 'USER'],
    writeKeys: ['AUDIT'],
    tenant: { kind: 'own' },
    audit: 'read',
    thing: 'patients',
  }),
  ...staffRoutes('getallpatients', '/getallpatients/', ['Doctor'], {
    method: 'GET',
    query: patientListQuerySchema,
    response: patientListSchema,
    handler: 'clinical/get-patients',
    access: ['table-write'],
    keys: ['DOCTOR', 'PATIENT', 'USER'],
    writeKeys: ['AUDIT'],
    tenant: { kind: 'own' },
    audit: 'read',
    thing: 'patients',
  }),
  ...staffRoutes('getAllClinicDoctors', '/getAllClinicDoctors/', ['ClinicDirector', 'Nurse'], {
    method: 'GET',
    response: clinicDoctorsSchema,
    handler: 'clinical/get-clinic-doctors',
    keys: ['CLINIC', 'USER'],
    tenant: { kind: 'own' },
    audit: 'none',
    thing: 'doctors',
  }),
  ...staffRoutes('getPatientProfile', '/patients/{patientId}/profile', ALL_STAFF, {
    method: 'GET',
    response: patientProfileResultSchema,
    handler: 'clinical/get-patient-profile',
    access: ['table-write'],
    keys: ['PATIENT', 'USER', 'DEVICE'],
    writeKeys: ['AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'read',
    thing: 'patient',
  }),
  ...staffRoutes('updatePatient', '/patients/{patientId}/updatepatient', ['ClinicDirector', 'Doctor'], {
    method: 'POST',
    body: patientUpdateSchema,
    response: patientUpdateResultSchema,
    handler: 'clinical/update-patient',
    tenantEchoes: ['ClinicID', 'ServiceProviderID'],
    access: ['table-write'],
    keys: ['PATIENT', 'USER', 'DEVICE', 'SOCIALID'],
    writeKeys: ['PATIENT', 'SOCIALID', 'AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'write',
    thing: 'update patient',
  }),
  ...exchangeRoutes,
  /** Beyond the spec: the care team's week (ClinicDirector, /patients/week): per patient the week's counters and who cleared what. */
  ...staffRoutes('getCareTeamWeek', '/careTeamWeek', ['ClinicDirector'], {
    method: 'GET',
    query: careTeamWeekQuerySchema,
    response: careTeamWeekResultSchema,
    handler: 'clinical/get-care-team-week',
    access: ['table-write'],
    keys: ['CLINIC', 'PATIENT', 'SP', 'GLOBAL'],
    writeKeys: ['AUDIT'],
    tenant: { kind: 'own' },
    audit: 'read',
    thing: 'patients',
  }),
  /** Beyond the spec: the own clinic's audit trail (DESIGN.md section 5). */
  getClinicHistory: {
    method: 'GET',
    path: '/clinicsDirector/{id}/history',
    token: 'session',
    roles: ['ClinicDirector'],
    self: 'id',
    query: historyQuerySchema,
    response: historyPageSchema,
    handler: 'history/get-clinic-history',
    // Reading the trail is itself recorded in it: it shows personal data before and after each change.
    access: ['table-write'],
    keys: ['AUDIT'],
    writeKeys: ['AUDIT'],
    tenant: { kind: 'own' },
    audit: 'read',
    thing: 'history',
  },
  /** Beyond the spec: one patient's audit trail. */
  getPatientHistory: {
    method: 'GET',
    path: '/clinicsDirector/{id}/patients/{patientId}/history',
    token: 'session',
    roles: ['ClinicDirector'],
    self: 'id',
    query: patientHistoryQuerySchema,
    response: historyPageSchema,
    handler: 'history/get-patient-history',
    keys: ['AUDIT', 'PATIENT'],
    access: ['table-write'],
    writeKeys: ['AUDIT'],
    tenant: { kind: 'patient', param: 'patientId' },
    audit: 'read',
    thing: 'history',
  },
});
