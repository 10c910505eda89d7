import type { StoredAlert } from '../data/entities/alert';
import { escalationDueItem } from '../data/escalations-repository';
import { escalationMinutes, type Settings } from '@shared/settings';
import { MINUTE_MS } from '@shared/time';

/**
 * The on-call step of each alert's escalation, as the transaction that raises the alerts writes
 * it: due the clinic's minutes for its severity after it was raised (received, not the
 * exchange's own time: an exchange delivered late is news now), none where the step is off.
 */
export function escalationDues(patientId: string, alerts: readonly StoredAlert[], settings: Settings, raisedAt: Date) {
  return alerts.flatMap((alert) => {
    const minutes = escalationMinutes(settings, alert.severity, 'OnCall');
    if (minutes === undefined) return [];
    const since = raisedAt.toISOString();
    const item = { PatientID: patientId, Time: alert.Time, AlertID: alert.AlertID, severity: alert.severity, Step: 'OnCall' as const, Since: since };
    return [escalationDueItem(item, raisedAt.getTime() + minutes * MINUTE_MS)];
  });
}
