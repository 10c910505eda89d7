import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { DeviceSettingName } from '@shared/device';
import { effectiveSettings } from '@shared/settings';
import { clinicsRepository } from '../data/clinics-repository';
import { settingsFanoutRepository, type SettingsFanoutJob } from '../data/settings-fanout-repository';
import { settingsRepository } from '../data/settings-repository';
import { logger, metricNames, metrics, publishMetrics } from '../lib/powertools';
import { sendClinicDevicesSettings } from '../services/settings';

/** Clinics read per page of the walk. */
const CLINICS_PER_PAGE = 25;
/** A run takes no new clinic after this long; the Lambda's timeout (5 minutes) leaves a margin, and the next run goes on. */
const RUN_BUDGET_MS = 4 * 60_000;

export interface FanoutEvent {
  /** Tests: how long the run may take, and how many clinics it may do, before it stops and leaves the rest to the next run. */
  budgetMs?: number;
  maxClinics?: number;
}

export interface FanoutResult {
  /** Jobs finished in this run. */
  finished: number;
  /** Jobs left for the next run. */
  pending: number;
  clinics: number;
  published: number;
}

/**
 * Sends the retained settings message to every device of a clinic that follows the global value
 * of at least one changed setting (neither the clinic nor its provider decided it), with the
 * settings in force now. Returns the messages sent.
 */
async function publishToClinic(clinic: { ClinicID: string; ServiceProviderID: string }, changed: readonly DeviceSettingName[]): Promise<number> {
  const chain = await settingsRepository.getChain(clinic.ClinicID, clinic.ServiceProviderID);
  const followsGlobal = changed.some((name) => chain.clinic?.[name] === undefined && chain.serviceProvider?.[name] === undefined);
  if (!followsGlobal) return 0;
  return sendClinicDevicesSettings(clinic.ClinicID, effectiveSettings(chain.clinic, chain.serviceProvider, chain.global));
}

/**
 * Walks every clinic for one job, from where it stopped, saving its place after each clinic, until
 * the walk ends (the job is deleted) or `more()` says the run is over. True when the job finished.
 */
async function runJob(job: SettingsFanoutJob, more: () => boolean, counted: { clinics: number; published: number }): Promise<boolean> {
  let { Cursor, LastClinicID, Published } = job;
  for (;;) {
    const page = await clinicsRepository.listAllRefs({ limit: CLINICS_PER_PAGE, cursor: Cursor });
    const start = LastClinicID ? page.items.findIndex((clinic) => clinic.ClinicID === LastClinicID) + 1 : 0;
    for (const clinic of page.items.slice(start)) {
      if (!more()) return false;
      const sent = await publishToClinic(clinic, job.Changed);
      Published += sent;
      counted.published += sent;
      counted.clinics += 1;
      LastClinicID = clinic.ClinicID;
      await settingsFanoutRepository.saveProgress({ JobID: job.JobID, Cursor, LastClinicID, Published });
    }
    if (!page.cursor) {
      await settingsFanoutRepository.done(job.JobID);
      logger.info('global settings sent to the devices', { jobId: job.JobID, changed: job.Changed, published: Published });
      return true;
    }
    Cursor = page.cursor;
    LastClinicID = undefined;
    await settingsFanoutRepository.saveProgress({ JobID: job.JobID, Cursor, LastClinicID, Published });
  }
}

/**
 * The scheduled fan-out of global settings changes (EventBridge Scheduler every minute on AWS, a
 * timer locally; one run at a time). Takes the pending jobs oldest first and walks the clinics a
 * page at a time within a time budget, saving its place after each clinic: a run that stops (its
 * budget, a timeout, a failure) leaves the job where it was, and the next run goes on from there.
 * An idle run is one Query of the global settings' partition.
 */
export async function handler(event?: FanoutEvent): Promise<FanoutResult> {
  const deadline = Date.now() + (event?.budgetMs ?? RUN_BUDGET_MS);
  const counted = { clinics: 0, published: 0 };
  const more = () => Date.now() < deadline && counted.clinics < (event?.maxClinics ?? Infinity);
  const jobs = await settingsFanoutRepository.listPending();
  let finished = 0;
  for (const job of jobs) {
    if (!(await runJob(job, more, counted))) break;
    finished += 1;
  }
  const result = { finished, pending: jobs.length - finished, clinics: counted.clinics, published: counted.published };
  if (jobs.length > 0) logger.info('global settings fan-out run', { ...result });
  metrics().addMetric(metricNames.globalSettingsPublished, MetricUnit.Count, counted.published);
  publishMetrics();
  return result;
}
