import { CustomAttributeType } from 'electrodb';

/** Personal data of a patient (spec section 3, Patient: "separate PII profile"), apart from the clinical profile. */
export const patientPiiSchema = {
  model: { entity: 'PatientPII', version: '2', service: 'pd' },
  attributes: {
    UserID: { type: 'string', required: true, readOnly: true },
    FirstName: { type: 'string', required: true },
    LastName: { type: 'string', required: true },
    DOB: { type: 'string', required: true },
    Gender: { type: ['Male', 'Female'] as const, required: true },
    Hispanic: { type: 'boolean', required: true },
    RacialDesignation: { type: 'list', items: { type: 'string' } },
    SocialId: { type: 'string', required: true },
    Address: { type: CustomAttributeType<{ Country: string; City: string; Street: string }>('any'), required: true },
    Phone: { type: 'string', required: true },
    Cellphone: { type: 'string', required: true },
    Email: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['UserID'], template: 'PATIENT#${UserID}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'PII', casing: 'none' },
    },
  },
} as const;

/**
 * Reserves a SocialId within a clinic (spec section 3: SocialId identifies a patient of the
 * clinic): created with the patient in one transaction, swapped when the SocialId changes.
 */
export const socialIdMarkerSchema = {
  model: { entity: 'SocialIdMarker', version: '1', service: 'pd' },
  attributes: {
    ClinicID: { type: 'string', required: true, readOnly: true },
    SocialId: { type: 'string', required: true, readOnly: true },
    PatientID: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    bySocialId: {
      pk: { field: 'pk', composite: ['ClinicID', 'SocialId'], template: 'SOCIALID#${ClinicID}#${SocialId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'SOCIALID', casing: 'none' },
    },
  },
} as const;
