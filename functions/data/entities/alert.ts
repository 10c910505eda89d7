import { CustomAttributeType } from 'electrodb';
import { z } from 'zod';
import { alertSchema as ruleAlertSchema, type Alert, type AlertFlag, type AlertSeverity } from '@shared/alerts';

/** An alert as a patient carries it: which source raised it (an exchange, a skipped slot, a device error) and when. */
export interface StoredAlert extends Alert {
  AlertID: string;
  Time: string;
  ExchangeID?: string;
}

/** A stored alert read back: the rules' alert schema plus where and when it was raised. */
export const storedAlertSchema = ruleAlertSchema.extend({ AlertID: z.string().min(1), Time: z.string().min(1), ExchangeID: z.string().optional() });

const alertAttributes = {
  PatientID: { type: 'string', required: true, readOnly: true },
  /** `<source id>:<flag>`: one alert per flag per source. */
  AlertID: { type: 'string', required: true, readOnly: true },
  Time: { type: 'string', required: true, readOnly: true },
  flag: { type: CustomAttributeType<AlertFlag>('string'), required: true, readOnly: true },
  severity: { type: CustomAttributeType<AlertSeverity>('number'), required: true, readOnly: true },
  textValue: { type: 'string', required: true, readOnly: true },
  ExchangeID: { type: 'string', readOnly: true },
} as const;

/** The alert history of a patient, by time: written once, never changed (clearing leaves the history as it was). */
export const alertSchema = {
  model: { entity: 'Alert', version: '2', service: 'pd' },
  attributes: alertAttributes,
  indexes: {
    byPatient: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['Time', 'AlertID'], template: 'ALERT#${Time}#${AlertID}', casing: 'none' },
    },
  },
} as const;

/**
 * A patient's unresolved alert: written with its history item, deleted when a clinician clears
 * it. The patient's counters of unresolved alerts move with these items in the same transaction.
 */
export const unresolvedAlertSchema = {
  model: { entity: 'UnresolvedAlert', version: '2', service: 'pd' },
  attributes: alertAttributes,
  indexes: {
    byPatient: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['Time', 'AlertID'], template: 'UNRESOLVED#${Time}#${AlertID}', casing: 'none' },
    },
  },
} as const;

/** Marks an alert no exchange carries (a skipped slot, a device's panic) as raised, so it is raised once. */
export const raisedAlertMarkerSchema = {
  model: { entity: 'RaisedAlertMarker', version: '2', service: 'pd' },
  attributes: {
    PatientID: { type: 'string', required: true, readOnly: true },
    SourceID: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['SourceID'], template: 'RAISED#${SourceID}', casing: 'none' },
    },
  },
} as const;
