import { historyPageSchema, historyQuerySchema, patientHistoryQuerySchema } from '../history';
import { defineRoutes } from '../route-definition';

/**
 * The clinical staff's calls (spec section 7, Staff, under /clinicsDirector/{id}, /doctors/{id},
 * /nurses/{id}): patients, exchanges, prescriptions, visits. Issues 10 and 11 fill this file.
 */
export const clinicalRoutes = defineRoutes({
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
    keys: ['AUDIT'],
    tenant: { kind: 'own' },
    audit: 'none',
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
