import { CustomAttributeType } from 'electrodb';

/**
 * The clinical profile of a patient (spec section 3, Patient): small and bounded whatever the
 * history. Its alert status is two counters of unresolved alerts by severity (the alerts are
 * their own items), so concurrent exchanges add to it instead of rewriting it.
 */
export const patientSchema = {
  model: { entity: 'Patient', version: '2', service: 'pd' },
  attributes: {
    UserID: { type: 'string', required: true, readOnly: true },
    ClinicID_ref: { type: 'string', required: true },
    ServiceProviderID: { type: 'string', required: true },
    DoctorID_ref: { type: 'string', required: true },
    ReferringPhysician: { type: 'string' },
    ReferringPhysician_Phone: { type: 'string' },
    DialysisStart: { type: 'string' },
    PeritonealDialysisStart: { type: 'string' },
    Weight: { type: 'number' },
    /** Dry weight, kg. */
    TargetWeight: { type: 'number' },
    BloodPressure: { type: 'string' },
    Pulse: { type: 'number' },
    UrineOutput_CC: { type: 'number' },
    GFR: { type: 'number' },
    Protocols: { type: CustomAttributeType<{ current_protocol?: string; previous_protocols?: string[] }>('any') },
    Device: { type: 'map', properties: { SerialNumber: { type: 'string', required: true }, DeviceID: { type: 'string', required: true } } },
    ExchangeCount: { type: 'number' },
    LastExchangeTime: { type: 'string' },
    CurrentPrescriptionID: { type: 'string' },
    /** The current prescription in a few words, for the patient list ('4 exchanges a day: DIAneal 1.36%, EXTRAneal'). */
    ProtocolSummary: { type: 'string' },
    /** The current prescription's patientTimeZone: the patient's weeks are counted in it (care-week.ts). */
    TimeZone: { type: 'string' },
    /** The OpenDate of the open visit, the key of its item. */
    OpenVisitOpenDate: { type: 'string' },
    /** When the last visit was closed: where the next visit's period starts. */
    LastVisitClosedDate: { type: 'string' },
    /** Unresolved alerts of severity 2 and 3 (ADD at ingest, minus when cleared): the status is the highest with a count. */
    UnresolvedAlerts2: { type: 'number' },
    UnresolvedAlerts3: { type: 'number' },
    /** Which of the platform list's partitions the patient is listed in (see shards.ts). */
    ListShard: { type: 'string', required: true, readOnly: true },
    CreatedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['UserID'], template: 'PATIENT#${UserID}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
    },
    /** /patients of a clinic (director, nurse). */
    byClinic: {
      index: 'gsi1',
      projection: 'keys_only',
      pk: { field: 'gsi1pk', composite: ['ClinicID_ref'], template: 'CLINIC#${ClinicID_ref}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['UserID'], template: 'PATIENT#${UserID}', casing: 'none' },
    },
    /** /patients of a doctor. */
    byDoctor: {
      index: 'gsi2',
      projection: 'keys_only',
      pk: { field: 'gsi2pk', composite: ['DoctorID_ref'], template: 'DOCTOR#${DoctorID_ref}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['UserID'], template: 'PATIENT#${UserID}', casing: 'none' },
    },
    /** Every patient of the platform, spread over LIST_SHARDS partitions (jobs, never a request path). */
    all: {
      index: 'gsi3',
      projection: 'keys_only',
      pk: { field: 'gsi3pk', composite: ['ListShard'], template: 'PATIENTS#${ListShard}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['UserID'], template: '${UserID}', casing: 'none' },
    },
  },
} as const;
