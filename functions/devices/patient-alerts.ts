import { alertStatus, type Alert } from '../../shared/alerts';
import type { PatientAlert, PatientAlertStatus } from '../data/patients-repository';

/** A patient keeps at most this many uncleared alerts; older ones drop off (their exchanges keep them). */
const MAX_ACTIVE_ALERTS = 200;

export function toPatientAlerts(alerts: readonly Alert[], time: string, sourceId: string, exchangeId?: string): PatientAlert[] {
  return alerts.map((alert) => ({ ...alert, AlertID: `${sourceId}:${alert.flag}`, Time: time, ExchangeID: exchangeId }));
}

/**
 * The patient's status with new alerts added: the highest severity, the later alert on ties, 1
 * with none (spec section 4). Alerts are ordered by time, so an exchange delivered late never
 * counts as the later one.
 */
export function withAlerts(current: PatientAlertStatus | undefined, added: readonly PatientAlert[]): PatientAlertStatus {
  const alerts = [...(current?.alerts ?? []), ...added]
    .sort((a, b) => a.Time.localeCompare(b.Time))
    .slice(-MAX_ACTIVE_ALERTS);
  return { statusValue: alertStatus(alerts).statusValue, alerts };
}
