import type { z } from 'zod';
import { isoWeekOf, weekAdherence, weekDates, weekTimeZoneOf, zonedDateTime } from '@shared/alerts';
import type { CareTeamWeekResult, careTeamWeekQuerySchema, WeekClearing } from '@shared/api/care-week';
import { effectiveSettings } from '@shared/settings';
import { careWeeksRepository, type AlertClearingRecord } from '../data/care-weeks-repository';
import { patientsRepository } from '../data/patients-repository';
import { prescriptionsRepository } from '../data/prescriptions-repository';
import { settingsRepository } from '../data/settings-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { forbidden } from '../lib/errors';
import { mayTouch } from '../lib/scope';

const pad = (value: number) => String(value).padStart(2, '0');

/** The clearings of a week by clinician and day (the patient's calendar day), in time order: "<name> cleared <n> alerts (<flags>) on <day>". */
export function clearingsByDay(clearings: readonly AlertClearingRecord[], timeZone: string): WeekClearing[] {
  const grouped = new Map<string, WeekClearing>();
  for (const clearing of [...clearings].sort((a, b) => a.ClearedAt.localeCompare(b.ClearedAt))) {
    const local = zonedDateTime(Date.parse(clearing.ClearedAt), timeZone);
    const day = `${local.year}-${pad(local.month)}-${pad(local.day)}`;
    const key = `${clearing.UserID}|${day}`;
    const entry = grouped.get(key) ?? { UserID: clearing.UserID, Name: clearing.Name, day, count: 0, flags: [] };
    entry.count += clearing.Count;
    entry.flags = [...new Set([...entry.flags, ...clearing.Flags])].sort();
    grouped.set(key, entry);
  }
  return [...grouped.values()];
}

/**
 * …/careTeamWeek (beyond the spec; ClinicDirector): one page of the clinic's patients with their
 * week, read from counters kept as things happen, never by counting history or a Scan
 * (docs/care-week.md, "What it reads and writes"). Adherence is the week's exchanges against the
 * slots due by now (weekAdherence).
 */
export async function careTeamWeek(
  caller: Caller,
  audit: AuditTrail,
  query: z.output<typeof careTeamWeekQuerySchema>,
  now = new Date(),
): Promise<CareTeamWeekResult> {
  if (caller.role !== 'ClinicDirector' || !caller.clinicId || !caller.serviceProviderId) throw forbidden();
  const { clinicId, serviceProviderId } = { clinicId: caller.clinicId, serviceProviderId: caller.serviceProviderId };
  const week = query.week ?? isoWeekOf(now.getTime(), 'UTC');
  const listed = await patientsRepository.listByClinic(clinicId, { limit: query.limit, cursor: query.cursor });
  const patients = listed.items.filter((patient) => mayTouch(caller, { kind: 'patient', keys: patient }));
  const ids = patients.map((patient) => patient.UserID);
  const [personal, weeks, prescriptions, chain] = await Promise.all([
    patientsRepository.getPiiMany(ids),
    careWeeksRepository.getWeeks(ids, week),
    prescriptionsRepository.currentPrescriptions(patients),
    settingsRepository.getChain(clinicId, serviceProviderId),
  ]);
  const clearings = await Promise.all(
    weeks.map(async (counters) => (counters.AlertsCleared > 0 ? careWeeksRepository.listClearings(counters.PatientID, week) : [])),
  );
  audit.read({ entity: 'CareTeamWeek', id: `${clinicId}/${week}`, ClinicID: clinicId, ServiceProviderID: serviceProviderId });

  const graceMinutes = effectiveSettings(chain.clinic, chain.serviceProvider, chain.global).SkippedExchangeGraceTime;
  const piiOf = new Map(personal.map((pii) => [pii.UserID, pii]));
  const items = patients.flatMap((patient, index) => {
    const pii = piiOf.get(patient.UserID);
    const counters = weeks[index]!;
    if (!pii) return [];
    const timeZone = weekTimeZoneOf(patient);
    const prescription = prescriptions.get(patient.UserID);
    const adherence = weekAdherence({ prescription, exchanges: counters.Exchanges, week, timeZone, now, graceMinutes });
    return [
      {
        UserID: patient.UserID,
        patientName: `${pii.FirstName} ${pii.LastName}`,
        socialId: pii.SocialId,
        timeZone,
        exchanges: counters.Exchanges,
        prescribed: adherence.prescribed,
        ...(adherence.adherencePercent === undefined ? {} : { adherencePercent: adherence.adherencePercent }),
        alertsRaised: counters.AlertsRaised,
        alertsCleared: counters.AlertsCleared,
        visitsClosed: counters.VisitsClosed,
        clearings: clearingsByDay(clearings[index] ?? [], timeZone),
      },
    ];
  });
  return { week, ...weekDates(week), items, ...(listed.cursor ? { cursor: listed.cursor } : {}) };
}
