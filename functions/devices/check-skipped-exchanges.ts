import { Logger } from '@aws-lambda-powertools/logger';
import { findSkippedExchanges } from '../../shared/alerts';
import { exchangesRepository } from '../data/exchanges-repository';
import { patientsRepository } from '../data/patients-repository';
import { settingsForClinic } from '../services/settings';
import { toPatientAlerts, withAlerts } from './patient-alerts';

const logger = new Logger({ serviceName: 'pd-portal-skipped-exchanges' });

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 5;

/**
 * SkippedAlert needs time, not a message: for one patient, every prescribed exchange of the last
 * day that did not arrive within the grace time raises a SkippedAlert, once per slot however often
 * the check runs. Only an approved prescription (one the device runs) counts.
 */
export async function checkPatient(patientId: string, now: Date): Promise<number> {
  let raised = 0;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const patient = await patientsRepository.get(patientId);
    const prescription = patient && (await patientsRepository.currentPrescription(patient));
    if (!patient || !prescription?.Approved) return raised;
    const settings = await settingsForClinic(patient.ClinicID_ref, patient.ServiceProviderID);
    const exchanges = await exchangesRepository.listForPatient(patientId, {
      from: new Date(now.getTime() - 2 * DAY_MS).toISOString(),
      to: now.toISOString(),
    });
    const skipped = findSkippedExchanges({ prescription, exchanges, now, graceMinutes: settings.SkippedExchangeGraceTime });
    let conflict = false;
    let status = patient.PatientAlertStatus;
    let version = patient.Version;
    for (const slot of skipped) {
      const [alert] = toPatientAlerts([slot.alert], slot.scheduledAt, `skipped-${slot.scheduledAt}`);
      const next = withAlerts(status, [alert!]);
      const outcome = await patientsRepository.raiseSkippedAlert({
        patientId,
        scheduledAt: slot.scheduledAt,
        alert: alert!,
        expectedVersion: version,
        alertStatus: next,
        openVisitOpenDate: patient.OpenVisitOpenDate,
      });
      if (outcome === 'conflict') {
        conflict = true;
        break;
      }
      if (outcome === 'stored') {
        raised += 1;
        status = next;
        version += 1;
      }
    }
    if (!conflict) return raised;
  }
  throw new Error(`Patient ${patientId} kept changing during the skipped-exchange check`);
}

/** The scheduled job (EventBridge Scheduler on AWS, a timer locally): checks every patient. */
export async function handler(): Promise<{ patients: number; raised: number }> {
  const now = new Date();
  const ids = await patientsRepository.listAllIds();
  let raised = 0;
  for (const id of ids) raised += await checkPatient(id, now);
  logger.info('skipped-exchange check done', { patients: ids.length, raised });
  return { patients: ids.length, raised };
}
