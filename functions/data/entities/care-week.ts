import { CustomAttributeType } from 'electrodb';
import type { AlertFlag } from '@shared/alerts';

/**
 * A patient's week as the care team reviews it (the ClinicDirector's 'This week'): counters moved
 * by ADD inside the transactions that already write what they count (an exchange, an alert no
 * exchange carries, alerts cleared, a visit closed), so the view reads one item per patient and
 * never counts history. `Week` is the ISO week (Monday start) in the patient's time zone.
 */
export const patientWeekSchema = {
  model: { entity: 'PatientWeek', version: '1', service: 'pd' },
  attributes: {
    PatientID: { type: 'string', required: true, readOnly: true },
    /** yyyy-Www. */
    Week: { type: 'string', required: true, readOnly: true },
    Exchanges: { type: 'number' },
    AlertsRaised: { type: 'number' },
    AlertsCleared: { type: 'number' },
    VisitsClosed: { type: 'number' },
  },
  indexes: {
    byPatient: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['Week'], template: 'WEEK#${Week}', casing: 'none' },
    },
  },
} as const;

/**
 * Who cleared which alerts of a patient, and when: one small item per clearing transaction,
 * written with it, read by the week view ("Dr Ada Lovelace cleared 2 alerts (HighBP, LowUF) on
 * 2026-11-23"). Keyed by week first, so a week's clearings are one key range.
 */
export const alertClearingSchema = {
  model: { entity: 'AlertClearing', version: '1', service: 'pd' },
  attributes: {
    PatientID: { type: 'string', required: true, readOnly: true },
    Week: { type: 'string', required: true, readOnly: true },
    ClearedAt: { type: 'string', required: true, readOnly: true },
    ClearingID: { type: 'string', required: true, readOnly: true },
    UserID: { type: 'string', required: true, readOnly: true },
    /** The clinician's name when they cleared (the view shows it as it was). */
    Name: { type: 'string', required: true, readOnly: true },
    Count: { type: 'number', required: true, readOnly: true },
    Flags: { type: CustomAttributeType<AlertFlag[]>('any'), required: true, readOnly: true },
  },
  indexes: {
    byPatient: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['Week', 'ClearedAt', 'ClearingID'], template: 'CLEARED#${Week}#${ClearedAt}#${ClearingID}', casing: 'none' },
    },
  },
} as const;
