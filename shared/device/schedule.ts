import { z } from 'zod';

/** Day codes of prescriptions, in the order of `Date.prototype.getUTCDay()` (0 is Sunday). */
export const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type DayCode = (typeof DAY_CODES)[number];

export const dayCodeSchema = z.enum(DAY_CODES);

/** A time of day as HH:mm, 00:00 to 23:59; the groups are the hours and the minutes. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const timeOfDaySchema = z.string().regex(TIME_OF_DAY_PATTERN, 'Time must be HH:mm');

export function hasNoDuplicates(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}

/** A list of distinct day codes (each at most once). */
export const dayCodeListSchema = z.array(dayCodeSchema).max(DAY_CODES.length).refine(hasNoDuplicates, 'Day codes must not repeat');

/** True for a time zone name the runtime knows (IANA, e.g. 'Europe/Berlin', or 'UTC'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, 'Unknown time zone');
