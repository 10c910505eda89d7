import { CustomAttributeType } from 'electrodb';
import type { DevicePrescription } from '@shared/device';

/** A prescription of a patient (spec section 3): the device message as sent, and whether the device approved it. */
export const prescriptionSchema = {
  model: { entity: 'Prescription', version: '2', service: 'pd' },
  attributes: {
    PatientID: { type: 'string', required: true, readOnly: true },
    PrescriptionId: { type: 'string', required: true, readOnly: true },
    /** The prescription as the device receives it (shared/device devicePrescriptionSchema). */
    Message: { type: CustomAttributeType<DevicePrescription>('any'), required: true, readOnly: true },
    Approved: { type: 'boolean', required: true },
    ApprovedChangedAt: { type: 'string' },
    CreatedBy: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['PrescriptionId'], template: 'PRESCRIPTION#${PrescriptionId}', casing: 'none' },
    },
  },
} as const;
