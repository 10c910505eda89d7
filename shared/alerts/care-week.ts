import type { PrescriptionSchedule } from './observations';
import { prescribedSlots, zonedDateTime, zonedTimeToInstant } from './prescribed-slots';
import { DAY_MS } from '../time';

/** An ISO 8601 week, `yyyy-Www` (weeks start on Monday; week 1 holds the year's first Thursday). */
export const ISO_WEEK_PATTERN = /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/;

type LocalDate = { year: number; month: number; day: number };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The ISO week of a calendar date. */
export function isoWeekOfDate(date: LocalDate): string {
  const dayMs = Date.UTC(date.year, date.month - 1, date.day);
  const weekday = (new Date(dayMs).getUTCDay() + 6) % 7;
  // The week belongs to the year of its Thursday.
  const thursday = new Date(dayMs + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${pad(year, 4)}-W${pad(week)}`;
}

/** The ISO week an instant falls in, by its wall-clock date in the time zone. */
export function isoWeekOf(ms: number, timeZone: string): string {
  return isoWeekOfDate(zonedDateTime(ms, timeZone));
}

/** The Monday of an ISO week, as a calendar date. */
function mondayOf(week: string): LocalDate {
  const year = Number(week.slice(0, 4));
  const number = Number(week.slice(6));
  const jan4 = Date.UTC(year, 0, 4);
  const firstMonday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  const monday = new Date(firstMonday + (number - 1) * 7 * DAY_MS);
  return { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate() };
}

/** Whether the text is an ISO week that exists (week 53 only in the years that have one). */
/** The time zone a patient's weeks are counted in: their prescription's, UTC before they have one. */
export function weekTimeZoneOf(patient: { TimeZone?: string }): string {
  return patient.TimeZone ?? 'UTC';
}

/** The week (yyyy-Www) an instant counts in for the patient. */
export function patientWeekOf(patient: { TimeZone?: string }, time: string | number): string {
  return isoWeekOf(typeof time === 'number' ? time : Date.parse(time), weekTimeZoneOf(patient));
}

export function isIsoWeek(week: string): boolean {
  return ISO_WEEK_PATTERN.test(week) && isoWeekOfDate(mondayOf(week)) === week;
}

/** The week `count` weeks after (negative: before) `week`. */
export function addWeeks(week: string, count: number): string {
  const monday = mondayOf(week);
  const moved = new Date(Date.UTC(monday.year, monday.month - 1, monday.day) + count * 7 * DAY_MS);
  return isoWeekOfDate({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
}

/** The week's Monday and Sunday, yyyy-mm-dd. */
export function weekDates(week: string): { monday: string; sunday: string } {
  const monday = mondayOf(week);
  const sunday = new Date(Date.UTC(monday.year, monday.month - 1, monday.day) + 6 * DAY_MS);
  return {
    monday: `${pad(monday.year, 4)}-${pad(monday.month)}-${pad(monday.day)}`,
    sunday: `${pad(sunday.getUTCFullYear(), 4)}-${pad(sunday.getUTCMonth() + 1)}-${pad(sunday.getUTCDate())}`,
  };
}

/** The instants the week starts and ends in the time zone: Monday 00:00 to the next Monday 00:00. */
export function weekWindow(week: string, timeZone: string): { fromMs: number; toMs: number } {
  const monday = mondayOf(week);
  const next = new Date(Date.UTC(monday.year, monday.month - 1, monday.day) + 7 * DAY_MS);
  return {
    fromMs: zonedTimeToInstant(monday, 0, 0, timeZone),
    toMs: zonedTimeToInstant({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, 0, 0, timeZone),
  };
}

/**
 * The adherence of a week (the care team's week view): the exchanges counted in the week over the
 * prescribed slots of the week that are due by now (a slot counts once its grace time has passed,
 * as the skipped-exchange check and the utilization count it; none before the prescription's
 * Created_UTC), capped at 100 %, one decimal. Undefined with nothing prescribed yet.
 */
export function weekAdherence(input: {
  prescription: PrescriptionSchedule | undefined;
  /** The exchanges the week's counter holds. */
  exchanges: number;
  week: string;
  /** The time zone the week is counted in. */
  timeZone: string;
  now: Date;
  /** SkippedExchangeGraceTime, minutes. */
  graceMinutes: number;
}): { prescribed: number; adherencePercent?: number } {
  if (!input.prescription) return { prescribed: 0 };
  const { fromMs, toMs } = weekWindow(input.week, input.timeZone);
  const dueBy = Math.min(toMs, input.now.getTime() - input.graceMinutes * 60_000);
  const prescribed = dueBy > fromMs ? prescribedSlots(input.prescription, { fromMs, toMs: dueBy }).length : 0;
  if (prescribed === 0) return { prescribed };
  return { prescribed, adherencePercent: Math.round((Math.min(input.exchanges, prescribed) * 1000) / prescribed) / 10 };
}
