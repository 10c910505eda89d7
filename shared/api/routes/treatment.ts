import { onCallRoutes } from './on-call';
import {
  addDeviceResultSchema,
  addDeviceSchema,
  addPrescriptionResultSchema,
  closeVisitResultSchema,
  closeVisitSchema,
  getPrescriptionResultSchema,
  prescriptionBodySchema,
  visitsQuerySchema,
  visitsResultSchema,
} from '../prescriptions';
import { settingsListSchema } from '@shared/settings';
import { fhirBundleSchema, fhirExportQuerySchema } from '../fhir';
import { defineRoutes } from '../route-definition';
import { ALL_STAFF, PATIENT_TENANT, staffRoutes } from './staff';

/**
 * The clinical staff's treatment calls (spec section 7, Staff, under /clinicsDirector/{id},
 * /doctors/{id}, /nurses/{id}): the prescription, the device that runs it, the visits.
 * An area of its own (its own nested stack), so the clinical area's stack stays far from
 * CloudFormation's resource limit.
 */
export const treatmentRoutes = defineRoutes({
  /**
   * Beyond the spec's list: the settings in force for the caller's clinic (clinic, else provider,
   * else global), so the prescription form checks fill and drain bounds and the dwell gap with the
   * values the server checks with.
   */
  ...staffRoutes('getClinicSettings', '/getClinicSettings', ALL_STAFF, {
    method: 'GET',
    response: settingsListSchema,
    handler: 'clinical/get-clinic-settings',
    keys: ['CLINIC', 'SP', 'GLOBAL'],
    tenant: { kind: 'own' },
    audit: 'none',
    thing: 'settings',
  }),
  ...staffRoutes('addPrescription', '/patients/{patientId}/addPrescription', ['ClinicDirector', 'Doctor'], {
    method: 'POST',
    body: prescriptionBodySchema,
    response: addPrescriptionResultSchema,
    handler: 'clinical/add-prescription',
    access: ['table-write', 'iot-publish'],
    keys: ['PATIENT', 'CLINIC', 'SP', 'GLOBAL'],
    writeKeys: ['PATIENT', 'AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'write',
    thing: 'prescriptions',
  }),
  /** Beyond the spec's list: the prescription screen reads the current one and polls its approval. */
  ...staffRoutes('getPrescription', '/patients/{patientId}/getPrescription', ALL_STAFF, {
    method: 'GET',
    response: getPrescriptionResultSchema,
    handler: 'clinical/get-prescription',
    access: ['table-write'],
    keys: ['PATIENT'],
    writeKeys: ['AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'read',
    thing: 'prescriptions',
  }),
  ...staffRoutes('addDevice', '/patients/{patientId}/addDevice', ['Nurse'], {
    method: 'POST',
    body: addDeviceSchema,
    response: addDeviceResultSchema,
    handler: 'clinical/add-device',
    access: ['table-write', 'iot-publish'],
    keys: ['PATIENT', 'SERIAL', 'DEVICE', 'CLINIC'],
    writeKeys: ['PATIENT', 'SERIAL', 'DEVICE', 'CLINIC', 'SP', 'STATS', 'AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'write',
    thing: 'devices',
  }),
  ...staffRoutes('getVisits', '/patients/{patientId}/getVisits', ALL_STAFF, {
    method: 'GET',
    query: visitsQuerySchema,
    response: visitsResultSchema,
    handler: 'clinical/get-visits',
    access: ['table-write'],
    keys: ['PATIENT'],
    writeKeys: ['AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'read',
    thing: 'visits',
  }),
  ...staffRoutes('closeOpenVisit', '/patients/{patientId}/closeOpenVisit', ['ClinicDirector', 'Doctor'], {
    method: 'POST',
    body: closeVisitSchema,
    response: closeVisitResultSchema,
    handler: 'clinical/close-open-visit',
    access: ['table-write'],
    keys: ['PATIENT'],
    writeKeys: ['PATIENT', 'AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'write',
    thing: 'visits',
  }),
  /**
   * Beyond the spec: the patient, the device and the period's measurements as a FHIR R4 Bundle
   * (docs/fhir.md). Here rather than in the clinical area, whose stack is near CloudFormation's
   * resource limit (test/infra/fifty-routes.test.ts).
   */
  ...staffRoutes('getPatientFhir', '/patients/{patientId}/fhir', ALL_STAFF, {
    method: 'GET',
    query: fhirExportQuerySchema,
    response: fhirBundleSchema,
    contentType: 'application/fhir+json',
    handler: 'clinical/get-patient-fhir',
    access: ['table-write'],
    keys: ['PATIENT', 'USER'],
    writeKeys: ['AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'read',
    thing: 'patient',
  }),
  ...onCallRoutes,
});
