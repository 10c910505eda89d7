import { alertStatus, type Alert } from '../../shared/alerts';
import { patientsRepository, type PatientAlert, type PatientAlertStatus } from '../data/patients-repository';

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

/** A patient written by someone else meanwhile: read again and retry, a few times. */
export const MAX_ATTEMPTS = 10;

/** A short random pause before a retry, so writers racing for one patient spread out. */
export function pauseBeforeRetry(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
}

/**
 * Raises an alert no exchange carries (a skipped slot, a panic the device reported on its own) on
 * the patient and the open visit, once per `sourceId` however often it is raised. Retries when the
 * patient changes meanwhile. Returns whether it was new.
 */
export async function raisePatientAlert(patientId: string, alert: Alert, time: string, sourceId: string): Promise<boolean> {
  const [patientAlert] = toPatientAlerts([alert], time, sourceId);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const patient = await patientsRepository.get(patientId);
    if (!patient) return false;
    const outcome = await patientsRepository.raiseAlert({
      patientId,
      sourceId,
      alert: patientAlert!,
      expectedVersion: patient.Version,
      alertStatus: withAlerts(patient.PatientAlertStatus, [patientAlert!]),
      openVisitOpenDate: patient.OpenVisitOpenDate,
    });
    if (outcome !== 'conflict') return outcome === 'stored';
    await pauseBeforeRetry(attempt);
  }
  throw new Error(`Patient ${patientId} kept changing while alert ${sourceId} was raised`);
}
