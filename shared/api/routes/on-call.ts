import { noticeAcknowledgedSchema, onCallRotaSchema, onCallShiftInputSchema, onCallShiftRemovedSchema, onCallShiftSchema } from '../on-call';
import { defineRoutes } from '../route-definition';
import { ALL_STAFF, PATIENT_TENANT, staffRoutes } from './staff';

/**
 * Beyond the spec: the clinic's on-call rota, kept by its ClinicDirector (who receives the
 * escalated alerts; docs/escalation.md). Part of the treatment area (its stack and Lambdas).
 */
export const onCallRoutes = defineRoutes({
  ...staffRoutes('getOnCallRota', '/onCall', ['ClinicDirector'], {
    method: 'GET',
    response: onCallRotaSchema,
    handler: 'clinical/get-on-call-rota',
    keys: ['CLINIC', 'USER'],
    tenant: { kind: 'own' },
    audit: 'none',
    thing: 'on-call rota',
  }),
  ...staffRoutes('addOnCallShift', '/onCall/add', ['ClinicDirector'], {
    method: 'POST',
    body: onCallShiftInputSchema,
    response: onCallShiftSchema,
    handler: 'clinical/add-on-call-shift',
    access: ['table-write'],
    keys: ['CLINIC', 'USER'],
    writeKeys: ['CLINIC', 'AUDIT'],
    tenant: { kind: 'own' },
    audit: 'write',
    thing: 'on-call rota',
  }),
  ...staffRoutes('removeOnCallShift', '/onCall/{shiftId}/remove', ['ClinicDirector'], {
    method: 'POST',
    response: onCallShiftRemovedSchema,
    handler: 'clinical/remove-on-call-shift',
    access: ['table-write'],
    keys: ['CLINIC'],
    writeKeys: ['CLINIC', 'AUDIT'],
    tenant: { kind: 'own' },
    audit: 'write',
    thing: 'on-call rota',
  }),
  /** Opening a patient through an escalation notice's link acknowledges the patient's notified alerts (docs/escalation.md). */
  ...staffRoutes('acknowledgeNotice', '/patients/{patientId}/acknowledgeNotice', ALL_STAFF, {
    method: 'POST',
    response: noticeAcknowledgedSchema,
    handler: 'clinical/acknowledge-notice',
    access: ['table-write'],
    keys: ['PATIENT'],
    writeKeys: ['PATIENT', 'AUDIT'],
    tenant: PATIENT_TENANT,
    audit: 'write',
    thing: 'patient',
  }),
});
