import { DAY_CODES, TIME_OF_DAY_PATTERN, type DayCode } from '../device/schedule';
import { timeOf } from './numbers';
import type { PrescriptionSchedule } from './observations';
import { DAY_MS } from '../time';

export interface PrescribedSlot {
  dayCode: DayCode;
  /** HH:mm in the time zone. */
  time: string;
  /** YYYY-MM-DD in the time zone. */
  localDate: string;
  timeZone: string;
  /** The instant, ms since the epoch. */
  scheduledAtMs: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, cached);
  }
  return cached;
}

/** The wall-clock date and time of an instant in a time zone. */
export function zonedDateTime(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/**
 * Zone offsets already worked out, by zone and whole second: formatToParts is slow and ingest works
 * out the same week of slots for every exchange (docs/data-model.md, "CPU in our code"). Exact, as
 * the offset is computed for the whole second either way; emptied when it grows past OFFSETS_KEPT.
 */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 20_000;

function offsetMs(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  const key = `${timeZone}|${wholeSecond}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const p = zonedDateTime(wholeSecond, timeZone);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/**
 * The instant of a wall-clock time in a time zone. A time that a clock change skips (spring
 * forward) lands an hour later; a time that happens twice (fall back) is the later occurrence.
 */
export function zonedTimeToInstant(date: { year: number; month: number; day: number }, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  return second;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * The prescribed exchange slots with an instant in [fromMs, toMs), in time order, each once.
 * Slots before the prescription's Created_UTC are left out. `timeZone` defaults to the
 * prescription's patientTimeZone, else UTC. Unknown day codes and malformed times are ignored.
 */
export function prescribedSlots(prescription: PrescriptionSchedule, window: { fromMs: number; toMs: number; timeZone?: string }): PrescribedSlot[] {
  const timeZone = window.timeZone ?? prescription.patientTimeZone ?? 'UTC';
  const fromMs = Math.max(window.fromMs, timeOf(prescription.Created_UTC) ?? -Infinity);
  if (!(fromMs < window.toMs)) return [];

  // Local dates one day either side of the window cover every zone offset.
  const first = zonedDateTime(fromMs, timeZone);
  const last = zonedDateTime(window.toMs, timeZone);
  const firstDay = Date.UTC(first.year, first.month - 1, first.day) - DAY_MS;
  const lastDay = Date.UTC(last.year, last.month - 1, last.day) + DAY_MS;

  const slots = new Map<number, PrescribedSlot>();
  for (let dayMs = firstDay; dayMs <= lastDay; dayMs += DAY_MS) {
    const day = new Date(dayMs);
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    const dayCode = DAY_CODES[day.getUTCDay()]!;
    const localDate = `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
    for (const entry of prescription.Exchanges) {
      if (!entry.ExchangeDaysFrequency.includes(dayCode)) continue;
      for (const time of entry.ExchangeTime) {
        const match = TIME_OF_DAY_PATTERN.exec(time);
        if (!match) continue;
        const scheduledAtMs = zonedTimeToInstant(date, Number(match[1]), Number(match[2]), timeZone);
        if (scheduledAtMs < fromMs || scheduledAtMs >= window.toMs || slots.has(scheduledAtMs)) continue;
        slots.set(scheduledAtMs, { dayCode, time, localDate, timeZone, scheduledAtMs });
      }
    }
  }
  return [...slots.values()].sort((a, b) => a.scheduledAtMs - b.scheduledAtMs);
}
