import type { PrescriptionSchedule } from './observations';
import { prescribedSlots, zonedDateTime, zonedTimeToInstant } from './prescribed-slots';
import { slotsCoveredBy } from './skipped-exchanges';
import { DAY_MS, MINUTE_MS } from '../time';

/**
 * A day of the adherence calendar: every counted slot done, some, none, nothing prescribed, or
 * not yet come (a later day, or today before its first slot is due).
 */
export type AdherenceState = 'done' | 'partial' | 'missed' | 'none' | 'future';

export interface AdherenceDay {
  /** yyyy-mm-dd in the time zone. */
  date: string;
  /** The day's slots that count: on a past day all of them; today, those done or past their grace time; a future day, all it will have. */
  prescribed: number;
  done: number;
  state: AdherenceState;
}

export interface MonthAdherence {
  month: string;
  timeZone: string;
  days: AdherenceDay[];
  /** Done over prescribed slots of the days up to today, in percent (one decimal); absent with nothing prescribed. */
  adherencePercent?: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The instants the month starts and ends in the time zone (local midnights). */
export function monthWindow(month: string, timeZone: string): { fromMs: number; toMs: number } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? { year: year + 1, month: 1 } : { year, month: monthNumber + 1 };
  return {
    fromMs: zonedTimeToInstant({ year, month: monthNumber, day: 1 }, 0, 0, timeZone),
    toMs: zonedTimeToInstant({ ...next, day: 1 }, 0, 0, timeZone),
  };
}

/**
 * The adherence calendar of a month (yyyy-mm) in the prescription's time zone: per day, the slots
 * prescribed (none before Created_UTC) and how many were done, matched as the skipped-exchange check
 * matches them (coveredSlots) so calendar and alerts agree; the day before the month takes part, so
 * no exchange counts twice. A slot within its grace time is neither done nor missed yet.
 */
export function monthAdherence(input: {
  prescription: PrescriptionSchedule | undefined;
  /** The patient's exchanges around the month (a grace time either side is enough), any order. */
  exchanges: ReadonlyArray<{ DeviceLocalDate: string }>;
  month: string;
  now: Date;
  /** SkippedExchangeGraceTime. */
  graceMinutes: number;
  /** Defaults to the prescription's patientTimeZone, else UTC. */
  timeZone?: string;
}): MonthAdherence {
  const { prescription, month } = input;
  const timeZone = input.timeZone ?? prescription?.patientTimeZone ?? 'UTC';
  const graceMs = input.graceMinutes * MINUTE_MS;
  const nowMs = input.now.getTime();
  const local = zonedDateTime(nowMs, timeZone);
  const today = `${local.year}-${pad(local.month)}-${pad(local.day)}`;
  const { fromMs, toMs } = monthWindow(month, timeZone);

  const slots = prescription ? prescribedSlots(prescription, { fromMs: fromMs - DAY_MS, toMs, timeZone }) : [];
  const covered = slotsCoveredBy(slots, input.exchanges, graceMs);

  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const dayCount = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const tally = new Map<string, { all: number; counted: number; done: number }>();
  for (let day = 1; day <= dayCount; day += 1) tally.set(`${month}-${pad(day)}`, { all: 0, counted: 0, done: 0 });
  slots.forEach((slot, index) => {
    const entry = tally.get(slot.localDate);
    if (!entry) return;
    entry.all += 1;
    if (covered[index] || slot.scheduledAtMs < nowMs - graceMs) {
      entry.counted += 1;
      if (covered[index]) entry.done += 1;
    }
  });

  let prescribedSoFar = 0;
  let doneSoFar = 0;
  const days = [...tally.entries()].map(([date, { all, counted, done }]): AdherenceDay => {
    if (date > today) return { date, prescribed: all, done, state: all === 0 ? 'none' : 'future' };
    prescribedSoFar += counted;
    doneSoFar += done;
    if (all === 0) return { date, prescribed: 0, done: 0, state: 'none' };
    if (counted === 0) return { date, prescribed: 0, done: 0, state: 'future' };
    return { date, prescribed: counted, done, state: done === counted ? 'done' : done === 0 ? 'missed' : 'partial' };
  });
  return {
    month,
    timeZone,
    days,
    adherencePercent: prescribedSoFar > 0 ? Math.round((doneSoFar * 1000) / prescribedSoFar) / 10 : undefined,
  };
}
