import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { findSkippedExchanges, type SkippedExchange } from '@shared/alerts';
import { DAY_MS, MINUTE_MS } from '@shared/time';
import { allDueShards, dueChecksRepository, minuteOf, type DueCheck } from '../data/due-checks-repository';
import { exchangesRepository } from '../data/exchanges-repository';
import { allItems } from '../data/page';
import { patientsRepository } from '../data/patients-repository';
import { prescriptionsRepository } from '../data/prescriptions-repository';
import { nextDueCheckAt } from './due-schedule';
import { inParallel } from '../lib/in-parallel';
import { logger, metricNames, metrics, publishMetrics } from '../lib/powertools';
import { cachedSettingsForClinic } from './kept-reads';
import { raisePatientAlert } from './patient-alerts';

/** The check's cursor; after a long stop it looks back at most this far (it re-reads the last day of each patient anyway). */
const CURSOR = 'skipped-exchanges';
const MAX_LOOK_BACK_MS = DAY_MS;
/** A check that failed is due again this much later. */
export const RETRY_AFTER_MS = 5 * MINUTE_MS;
/** Patients checked at once. */
const PARALLEL_PATIENTS = 16;

/**
 * What the check judges of one patient at `now`: every prescribed slot of the last day that passed
 * its grace time with no exchange near it, and the prescription as it runs. Only an approved
 * prescription counts, from when the device approved it. Undefined for a patient with none.
 */
export async function skippedSlotsOf(patientId: string, now: Date): Promise<{ skipped: SkippedExchange[]; graceMinutes: number; next?: number } | undefined> {
  const patient = await patientsRepository.get(patientId);
  const prescription = patient && (await prescriptionsRepository.currentPrescription(patient));
  if (!patient || !prescription?.Approved) return undefined;
  const settings = await cachedSettingsForClinic(patient.ClinicID_ref, patient.ServiceProviderID);
  const graceMinutes = settings.SkippedExchangeGraceTime;
  // Slots before the device confirmed this prescription belong to the one it ran before.
  const running = { ...prescription, Created_UTC: prescription.ApprovedChangedAt ?? prescription.Created_UTC };
  const exchanges = await allItems((page) =>
    exchangesRepository.listForPatient(patientId, { from: new Date(now.getTime() - 2 * DAY_MS).toISOString(), to: now.toISOString() }, page),
  );
  return {
    skipped: findSkippedExchanges({ prescription: running, exchanges, now, graceMinutes }),
    graceMinutes,
    // Due next for the first slot this run could not judge yet: one whose grace has not passed may
    // lie before `now` when slots are closer together than the grace time.
    next: nextDueCheckAt(running, now.getTime() - graceMinutes * MINUTE_MS, graceMinutes),
  };
}

/**
 * SkippedAlert needs time, not a message: for one patient, every skipped slot (`skippedSlotsOf`)
 * raises a SkippedAlert, once per slot however often the check runs. The patient is then due
 * again for the first slot not judged yet.
 */
export async function checkPatient(patientId: string, now: Date): Promise<number> {
  const judged = await skippedSlotsOf(patientId, now);
  if (!judged) return 0;
  let raised = 0;
  for (const slot of judged.skipped) {
    if (await raisePatientAlert(patientId, slot.alert, slot.scheduledAt, `skipped-${slot.scheduledAt}`)) raised += 1;
  }
  if (judged.next) await dueChecksRepository.schedule(patientId, judged.next);
  return raised;
}

/**
 * The scheduled job: checks the patients due in the minutes since its last run, PARALLEL_PATIENTS
 * at a time, so its work grows with the patients due, not with the platform. On its first run, or
 * after a stop longer than MAX_LOOK_BACK_MS (due items may have been missed), it checks every
 * patient once, which schedules each one's next check (docs/data-model.md, "The skipped-exchange check").
 */
export async function handler(event?: { now?: string }): Promise<{ patients: number; raised: number }> {
  const now = event?.now ? new Date(event.now) : new Date();
  const last = await dueChecksRepository.lastMinute(CURSOR);
  // Up to the minute that ended: a check due in the current minute may still be written.
  const untilMinute = minuteOf(now.getTime() - MINUTE_MS);
  const lastMs = last ? Date.parse(`${last}:00.000Z`) : undefined;
  const sweep = lastMs === undefined || now.getTime() - lastMs > MAX_LOOK_BACK_MS;

  const due: Array<Pick<DueCheck, 'PatientID'> & Partial<DueCheck>> = [];
  if (sweep) {
    due.push(...(await allItems(patientsRepository.listAllIds)).map((PatientID) => ({ PatientID })));
  } else {
    const minutes: string[] = [];
    for (let ms = lastMs + MINUTE_MS; minuteOf(ms) <= untilMinute; ms += MINUTE_MS) minutes.push(minuteOf(ms));
    await inParallel(
      minutes.flatMap((minute) => allDueShards().map((shard) => [minute, shard] as const)),
      PARALLEL_PATIENTS,
      async ([minute, shard]) => {
        due.push(...(await allItems((page) => dueChecksRepository.listDue(minute, shard, page))));
      },
    );
  }
  let raised = 0;
  let failed = 0;
  await inParallel(due, PARALLEL_PATIENTS, async (check) => {
    try {
      // Awaited first: `raised += await …` would add to the count read before the wait, losing the other patients'.
      const alerts = await checkPatient(check.PatientID, now);
      raised += alerts;
      if (check.DueMinute && check.Shard) await dueChecksRepository.done({ DueMinute: check.DueMinute, Shard: check.Shard, PatientID: check.PatientID });
    } catch (error) {
      failed += 1;
      logger.error('skipped-exchange check of a patient failed; due again in 5 minutes', { patientId: check.PatientID, error: error as Error });
      // Due again shortly, so one failing patient neither holds the cursor back nor drops out.
      await dueChecksRepository.schedule(check.PatientID, now.getTime() + RETRY_AFTER_MS).catch(() => undefined);
    }
  });
  await dueChecksRepository.setLastMinute(CURSOR, untilMinute);
  logger.info('skipped-exchange check done', { sweep, patients: due.length, raised, failed });
  metrics().addMetric(metricNames.skippedExchangeAlertRaised, MetricUnit.Count, raised);
  metrics().addMetric(metricNames.skippedExchangeCheckFailed, MetricUnit.Count, failed);
  publishMetrics();
  return { patients: due.length, raised };
}
