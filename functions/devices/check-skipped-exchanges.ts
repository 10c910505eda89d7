import { Logger } from '@aws-lambda-powertools/logger';
import { findSkippedExchanges } from '../../shared/alerts';
import { exchangesRepository } from '../data/exchanges-repository';
import { patientsRepository } from '../data/patients-repository';
import { settingsForClinic } from '../services/settings';
import { raisePatientAlert } from './patient-alerts';

const logger = new Logger({ serviceName: 'pd-portal-skipped-exchanges' });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SkippedAlert needs time, not a message: for one patient, every prescribed exchange of the last
 * day that did not arrive within the grace time raises a SkippedAlert, once per slot however often
 * the check runs. Only an approved prescription counts, from when the device approved it.
 */
export async function checkPatient(patientId: string, now: Date): Promise<number> {
  const patient = await patientsRepository.get(patientId);
  const prescription = patient && (await patientsRepository.currentPrescription(patient));
  if (!patient || !prescription?.Approved) return 0;
  const settings = await settingsForClinic(patient.ClinicID_ref, patient.ServiceProviderID);
  const exchanges = await exchangesRepository.listForPatient(patientId, {
    from: new Date(now.getTime() - 2 * DAY_MS).toISOString(),
    to: now.toISOString(),
  });
  const skipped = findSkippedExchanges({
    // Slots before the device confirmed this prescription belong to the one it ran before.
    prescription: { ...prescription, Created_UTC: prescription.ApprovedChangedAt ?? prescription.Created_UTC },
    exchanges,
    now,
    graceMinutes: settings.SkippedExchangeGraceTime,
  });
  let raised = 0;
  for (const slot of skipped) {
    if (await raisePatientAlert(patientId, slot.alert, slot.scheduledAt, `skipped-${slot.scheduledAt}`)) raised += 1;
  }
  return raised;
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
