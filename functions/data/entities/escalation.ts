import { CustomAttributeType } from 'electrodb';
import type { AlertSeverity } from '@shared/alerts';
import type { EscalationStep } from '@shared/settings';

/** Escalations due are spread over this many partitions per minute. */
export const ESCALATION_SHARDS = 4;

/**
 * An alert due for a step of its escalation at a minute: written with the alert (the on-call
 * step) or with the on-call notice (the director step). The scheduled check reads only the
 * minutes that passed since its last run, so its work grows with the alerts due, not with the
 * platform. Under the due checks' `DUE#` partitions, apart from theirs (`…#ESC<shard>`).
 */
export const escalationDueSchema = {
  model: { entity: 'EscalationDue', version: '1', service: 'pd' },
  attributes: {
    /** ISO minute, `YYYY-MM-DDTHH:mm`. */
    DueMinute: { type: 'string', required: true, readOnly: true },
    Shard: { type: 'string', required: true, readOnly: true },
    PatientID: { type: 'string', required: true, readOnly: true },
    /** The alert's keys (its time and id), as the unresolved alert carries them. */
    Time: { type: 'string', required: true, readOnly: true },
    AlertID: { type: 'string', required: true, readOnly: true },
    Step: { type: CustomAttributeType<EscalationStep>('string'), required: true, readOnly: true },
    severity: { type: CustomAttributeType<AlertSeverity>('number'), required: true, readOnly: true },
    /** When the wait of this step began: the alert raised (on call), the on-call notice (director). */
    Since: { type: 'string', required: true, readOnly: true },
    /** Deleted on its own a week after it was due, if no check ever took it. */
    expiresAt: { type: 'number' },
  },
  indexes: {
    byMinute: {
      pk: { field: 'pk', composite: ['DueMinute', 'Shard'], template: 'DUE#${DueMinute}#ESC${Shard}', casing: 'none' },
      sk: { field: 'sk', composite: ['PatientID', 'Time', 'AlertID', 'Step'], template: 'ALERT#${PatientID}#${Time}#${AlertID}#${Step}', casing: 'none' },
    },
  },
} as const;

/**
 * The escalation of one alert of a patient: which steps were sent and when, and who acknowledged
 * it (opening the patient through a notice's link). Written by the check with its first notice.
 */
export const escalationSchema = {
  model: { entity: 'Escalation', version: '1', service: 'pd' },
  attributes: {
    PatientID: { type: 'string', required: true, readOnly: true },
    Time: { type: 'string', required: true, readOnly: true },
    AlertID: { type: 'string', required: true, readOnly: true },
    OnCallAt: { type: 'string' },
    DirectorAt: { type: 'string' },
    AcknowledgedAt: { type: 'string' },
    AcknowledgedBy: { type: 'string' },
    /** Deleted on its own a while after it was raised (the audit trail keeps every notice). */
    expiresAt: { type: 'number' },
  },
  indexes: {
    byPatient: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['Time', 'AlertID'], template: 'ESCALATION#${Time}#${AlertID}', casing: 'none' },
    },
  },
} as const;
