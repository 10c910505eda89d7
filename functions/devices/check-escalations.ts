import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { noticeLink } from '@shared/escalation';
import type { Language } from '@shared/language';
import { onCall as hebrewOnCall } from '@shared/messages/he/on-call';
import { onCall } from '@shared/messages/on-call';
import { escalationMinutes, type EscalationStep } from '@shared/settings';
import { MINUTE_MS } from '@shared/time';
import { systemWrite } from '../audit/audit-trail';
import { minuteOf } from '../data/due-checks-repository';
import { dueChecksRepository } from '../data/due-checks-repository';
import { allEscalationShards, escalationDueItem, escalationsRepository, type EscalationDue } from '../data/escalations-repository';
import { onCallRepository } from '../data/on-call-repository';
import { allItems } from '../data/page';
import { patientsRepository } from '../data/patients-repository';
import { rolesOf, usersRepository } from '../data/users-repository';
import { env } from '../lib/environment';
import { inParallel } from '../lib/in-parallel';
import { mailer } from '../lib/mailer';
import { logger, metricNames, metrics, publishMetrics } from '../lib/powertools';
import { smsSender } from '../lib/sms';
import { cachedLanguageOf, cachedSettingsForClinic } from './kept-reads';

/** The message areas this module writes, in each language a recipient may read. */
const messages = { en: { onCall }, he: { onCall: hebrewOnCall } } satisfies Record<Language, { onCall: typeof hebrewOnCall }>;

/** The check's cursor (a due-check cursor of its own name). */
const CURSOR = 'escalations';
/** A run reads at most this many minutes: catching up after a stop goes this far at a time. */
const MAX_MINUTES_PER_RUN = 240;
/** The first run (no cursor yet) starts this many minutes back. */
const FIRST_RUN_MINUTES = 60;
/** A patient's notice that failed is due again this much later. */
const RETRY_AFTER_MS = 5 * MINUTE_MS;
/** Minutes' shards read, and patients' notices sent, at once. */
const PARALLEL = 16;
const JOB = 'escalation-check';

/** Who a notice goes to: a name for the trail, an address, a phone when there is one, the language they chose if they did. */
interface Recipient {
  UserID: string;
  Email: string;
  Phone?: string;
  Language?: Language;
}

/** The clinic's ClinicDirectors (enabled), from the clinic's users. */
async function directorsOf(clinicId: string): Promise<Recipient[]> {
  const users = await allItems((page) => usersRepository.listByClinic(clinicId, page));
  return users
    .filter((user) => user.IsEnabled && rolesOf(user).includes('ClinicDirector'))
    .map(({ UserID, Email, Phone, Language }) => ({ UserID, Email, Phone: Phone || undefined, Language }));
}

/**
 * Who a step goes to: the shift on call now, or, with no one on call, the ClinicDirectors (an
 * alert must reach someone); the director step goes to the ClinicDirectors.
 */
async function recipientsOf(step: EscalationStep, clinicId: string, now: Date): Promise<{ to: Recipient[]; as: 'OnCall' | 'Director' }> {
  if (step === 'OnCall') {
    const shift = await onCallRepository.atTime(clinicId, now.getTime());
    if (shift) {
      // The shift holds where to reach them; the language is their own, in their user record.
      return { to: [{ UserID: shift.UserID, Email: shift.Email, Phone: shift.Phone, Language: await cachedLanguageOf(shift.UserID) }], as: 'OnCall' };
    }
  }
  return { to: await directorsOf(clinicId), as: 'Director' };
}

/**
 * One patient's alerts due for one step: each still unresolved, not acknowledged, its step not
 * sent and due by the settings in force now (a step turned off ends; a later time waits). Those
 * left get one notice (e-mail and SMS to each recipient), then each its record of the step, its
 * audit record and its next step, in one transaction. Sent before recorded: a run that stops
 * between the two sends again at the next run (a notice twice, never none).
 */
export async function escalatePatient(patientId: string, step: EscalationStep, dues: readonly EscalationDue[], now: Date): Promise<number> {
  const patient = await patientsRepository.get(patientId);
  if (!patient) {
    await Promise.all(dues.map((due) => escalationsRepository.done(due)));
    return 0;
  }
  const settings = await cachedSettingsForClinic(patient.ClinicID_ref, patient.ServiceProviderID);
  const live: EscalationDue[] = [];
  for (const due of dues) {
    const [unresolved, escalation] = await Promise.all([
      escalationsRepository.isUnresolved(patientId, due.Time, due.AlertID),
      escalationsRepository.get(patientId, due.Time, due.AlertID),
    ]);
    const minutes = escalationMinutes(settings, due.severity, step);
    const sent = step === 'OnCall' ? escalation?.OnCallAt : escalation?.DirectorAt;
    if (!unresolved || escalation?.AcknowledgedAt || sent || minutes === undefined) {
      await escalationsRepository.done(due);
    } else if (Date.parse(due.Since) + minutes * MINUTE_MS > now.getTime() + MINUTE_MS) {
      await escalationsRepository.reschedule(due, Date.parse(due.Since) + minutes * MINUTE_MS);
    } else {
      live.push(due);
    }
  }
  if (live.length === 0) return 0;

  const { to, as } = await recipientsOf(step, patient.ClinicID_ref, now);
  const waited = Math.round((now.getTime() - Math.min(...live.map((due) => Date.parse(due.Time)), now.getTime())) / MINUTE_MS);
  const link = noticeLink(env('PORTAL_URL'), patientId);
  await Promise.all(
    to.flatMap((recipient) => {
      // Their own choice, else the clinic's default (English unless a level of the settings says otherwise).
      const m = messages[recipient.Language ?? settings.DefaultLanguage].onCall;
      return [
        mailer().send({ to: recipient.Email, subject: m.noticeSubject, text: m.noticeText(patientId, live.length, Math.max(waited, 0), link) }),
        ...(recipient.Phone ? [smsSender().send({ to: recipient.Phone, text: m.noticeSms(patientId, link) })] : []),
      ];
    }),
  );
  const sentAt = now.toISOString();
  const tenant = { PatientID: patientId, ClinicID: patient.ClinicID_ref, ServiceProviderID: patient.ServiceProviderID };
  for (const due of live) {
    const directorMinutes = step === 'OnCall' ? escalationMinutes(settings, due.severity, 'Director') : undefined;
    const next =
      directorMinutes === undefined ? undefined : escalationDueItem({ ...due, Step: 'Director', Since: sentAt }, now.getTime() + directorMinutes * MINUTE_MS);
    const audit = systemWrite(
      JOB,
      {
        entity: 'AlertEscalation',
        id: `${due.Time}#${due.AlertID}`,
        after: {
          Step: step,
          SentTo: as,
          Recipients: to.map((recipient) => recipient.UserID),
          Channels: to.some((recipient) => recipient.Phone) ? ['email', 'sms'] : ['email'],
        },
        ...tenant,
      },
      now,
    );
    await escalationsRepository.recordNotice({ due, sentAt, next, audit: [audit] });
  }
  return 1;
}

/**
 * The scheduled job: takes the alert steps due in the minutes since its last run (at most
 * MAX_MINUTES_PER_RUN of them, oldest first; the next run goes on from there), groups them by
 * patient and step, and escalates each group, PARALLEL at a time. No Scan: its work grows with
 * the alerts due, not with the platform (docs/escalation.md).
 */
export async function handler(event?: { now?: string }): Promise<{ due: number; notices: number }> {
  const now = event?.now ? new Date(event.now) : new Date();
  const last = await dueChecksRepository.lastMinute(CURSOR);
  // Up to the minute that ended: a step due in the current minute may still be written.
  const latest = now.getTime() - MINUTE_MS;
  const firstMs = last ? Date.parse(`${last}:00.000Z`) + MINUTE_MS : latest - (FIRST_RUN_MINUTES - 1) * MINUTE_MS;
  const minutes: string[] = [];
  for (let ms = firstMs; ms <= latest && minutes.length < MAX_MINUTES_PER_RUN; ms += MINUTE_MS) minutes.push(minuteOf(ms));

  const due: EscalationDue[] = [];
  await inParallel(
    minutes.flatMap((minute) => allEscalationShards().map((shard) => [minute, shard] as const)),
    PARALLEL,
    async ([minute, shard]) => {
      due.push(...(await allItems((page) => escalationsRepository.listDue(minute, shard, page))));
    },
  );
  const groups = new Map<string, EscalationDue[]>();
  for (const item of due) groups.set(`${item.PatientID}|${item.Step}`, [...(groups.get(`${item.PatientID}|${item.Step}`) ?? []), item]);

  let notices = 0;
  let failed = 0;
  await inParallel([...groups.values()], PARALLEL, async (group) => {
    const { PatientID, Step } = group[0]!;
    try {
      // Awaited first: `notices += await …` would add to the count read before the wait, losing the other groups'.
      const sent = await escalatePatient(PatientID, Step, group, now);
      notices += sent;
    } catch (error) {
      failed += 1;
      logger.error('escalation of a patient failed; due again in 5 minutes', { patientId: PatientID, step: Step, error: error as Error });
      await Promise.all(group.map((item) => escalationsRepository.reschedule(item, now.getTime() + RETRY_AFTER_MS).catch(() => undefined)));
    }
  });
  if (minutes.length > 0) await dueChecksRepository.setLastMinute(CURSOR, minutes[minutes.length - 1]!);
  logger.info('escalation check done', { minutes: minutes.length, due: due.length, notices, failed });
  metrics().addMetric(metricNames.escalationNoticeSent, MetricUnit.Count, notices);
  metrics().addMetric(metricNames.escalationCheckFailed, MetricUnit.Count, failed);
  publishMetrics();
  return { due: due.length, notices };
}
