import { patientWeekOf, type Alert } from '@shared/alerts';
import { patientsRepository } from '../data/patients-repository';
import { alertsRepository, type PatientAlert } from '../data/alerts-repository';
import { escalationDues } from './escalation-due';
import { cachedSettingsForClinic } from './kept-reads';

export function toPatientAlerts(alerts: readonly Alert[], time: string, sourceId: string, exchangeId?: string): PatientAlert[] {
  return alerts.map((alert) => ({ ...alert, AlertID: `${sourceId}:${alert.flag}`, Time: time, ExchangeID: exchangeId }));
}

/** A visit closed (or opened) between reading the patient and writing: read again, at most this often. */
const MAX_ATTEMPTS = 3;

/**
 * Raises an alert no exchange carries (a skipped slot, a panic the device reported on its own) on
 * the patient, once per `sourceId` however often it is raised. The write adds to the patient's
 * counters instead of rewriting a list, so it does not race other writers of the patient; its
 * escalation is due from `now`. Returns whether it was new.
 */
export async function raisePatientAlert(patientId: string, alert: Alert, time: string, sourceId: string, now = new Date()): Promise<boolean> {
  const [patientAlert] = toPatientAlerts([alert], time, sourceId);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const patient = await patientsRepository.get(patientId);
    if (!patient) return false;
    const settings = await cachedSettingsForClinic(patient.ClinicID_ref, patient.ServiceProviderID);
    const [escalation] = escalationDues(patientId, [patientAlert!], settings, now);
    const outcome = await alertsRepository.raiseAlert({
      patientId,
      sourceId,
      alert: patientAlert!,
      openVisitOpenDate: patient.OpenVisitOpenDate,
      week: patientWeekOf(patient, time),
      escalation,
    });
    if (outcome !== 'conflict') return outcome === 'stored';
  }
  throw new Error(`Patient ${patientId}'s open visit kept changing while alert ${sourceId} was raised`);
}
