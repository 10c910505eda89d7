import {
  adherenceQuerySchema,
  adherenceResultSchema,
  clearAlertsResultSchema,
  clearAlertsSchema,
  exchangeNoteResultSchema,
  exchangeNoteSchema,
  exchangesQuerySchema,
  exchangesResultSchema,
  manualExchangeResultSchema,
  manualExchangeSchema,
  turbidityResultSchema,
} from '../exchanges';
import { defineRoutes } from '../route-definition';
import { ALL_STAFF, PATIENT_TENANT, staffRoutes } from './staff';

/**
 * The clinical staff's calls on a patient's exchanges and alerts (spec section 7, Staff): part of
 * the clinical area (clinical.ts joins them), in a file of their own so that an exchange Lambda
 * carries these routes and their schemas only.
 */
export const exchangeRoutes = defineRoutes({
  ...staffRoutes('getExchanges', '/patients/{patientId}/getExchanges', ALL_STAFF, {
    method: 'GET',
    query: exchangesQuerySchema,
    response: exchangesResultSchema,
    handler: 'clinical/get-exchanges',
    access: ['table-write'],
    keys: ['PATIENT', 'USER'],
    writeKeys: ['AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'read',
    thing: 'exchanges',
  }),
  ...staffRoutes('saveExchangeNote', '/patients/{patientId}/saveExchangeNote', ALL_STAFF, {
    method: 'POST',
    body: exchangeNoteSchema,
    response: exchangeNoteResultSchema,
    handler: 'clinical/save-exchange-note',
    access: ['table-write'],
    keys: ['PATIENT'],
    writeKeys: ['PATIENT', 'AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'write',
    thing: 'update Exchange',
  }),
  ...staffRoutes('clearAlerts', '/patients/{patientId}/clearAlerts', ALL_STAFF, {
    method: 'POST',
    body: clearAlertsSchema,
    response: clearAlertsResultSchema,
    handler: 'clinical/clear-alerts',
    access: ['table-write'],
    keys: ['PATIENT'],
    writeKeys: ['PATIENT', 'AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'write',
    thing: 'update Exchange',
  }),
  /** Beyond the spec: an exchange entered by hand, through the same alert engine as a device's. */
  ...staffRoutes('addExchange', '/patients/{patientId}/addExchange', ['ClinicDirector', 'Doctor'], {
    method: 'POST',
    body: manualExchangeSchema,
    response: manualExchangeResultSchema,
    handler: 'clinical/add-exchange',
    access: ['table-write', 'live-notify'],
    keys: ['PATIENT', 'USER', 'SERIAL', 'DEVICE', 'CLINIC', 'SP', 'GLOBAL', 'COUNTER'],
    writeKeys: ['PATIENT', 'DEVICE', 'COUNTER', 'DUE', 'AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'write',
    thing: 'exchanges',
  }),
  /** Beyond the spec: an exchange's raw turbidity series, for the row's CSV. */
  ...staffRoutes('getExchangeTurbidity', '/patients/{patientId}/exchanges/{exchangeId}/turbidity', ALL_STAFF, {
    method: 'GET',
    response: turbidityResultSchema,
    handler: 'clinical/get-exchange-turbidity',
    access: ['table-write'],
    keys: ['PATIENT'],
    writeKeys: ['AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'read',
    thing: 'exchanges',
  }),
  /** Beyond the spec: the adherence calendar of a month. */
  ...staffRoutes('getAdherence', '/patients/{patientId}/adherence', ALL_STAFF, {
    method: 'GET',
    query: adherenceQuerySchema,
    response: adherenceResultSchema,
    handler: 'clinical/get-adherence',
    access: ['table-write'],
    keys: ['PATIENT', 'CLINIC', 'SP', 'GLOBAL'],
    writeKeys: ['AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'read',
    thing: 'exchanges',
  }),
});
