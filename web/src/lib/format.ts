import { currentLocale } from './language';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Day, month and two-digit year in the page's locale (Hebrew: dd.mm.yy), for a language other than the spec's English. */
const localeDate = (locale: string, date: Date, timeZone?: string) =>
  new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: '2-digit', timeZone }).format(date);

/**
 * A date as the top bar shows it: day, month, two-digit year (dd/mm/yy, the spec's, in English;
 * the locale's order and separator in another language), in the viewer's time zone.
 */
export function formatShortDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = currentLocale();
  if (locale) return localeDate(locale, date);
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getFullYear() % 100)}`;
}

/**
 * A time as the screens show it: dd/mm/yy HH:MM in the viewer's time zone (spec section 9);
 * `absent` when there is none, the value itself when it is not a date.
 */
export function formatDateTime(value: string | undefined, absent = ''): string {
  if (!value) return absent;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatShortDate(date)} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/**
 * An exchange's date and time as the device recorded them, in the patient's local time
 * (DeviceLocalDate carries the device's offset): the tables show what the patient saw.
 */
export function localParts(deviceLocalDate: string): { date: string; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(deviceLocalDate);
  return match ? { date: match[1]!, time: match[2]! } : { date: deviceLocalDate, time: '' };
}

/** A DeviceLocalDate as dd/mm/yy HH:MM on the device's clock (spec section 9: times shown as HH:MM). */
export function formatLocalDate(deviceLocalDate: string): string {
  const { date, time } = localParts(deviceLocalDate);
  const [year, month, day] = date.split('-');
  if (!day || !month || !year) return deviceLocalDate;
  const locale = currentLocale();
  // The device's own calendar day, so formatted as a UTC date whatever the viewer's zone.
  const shown = locale ? localeDate(locale, new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))), 'UTC') : `${day}/${month}/${year.slice(2)}`;
  return `${shown} ${time}`.trim();
}

/** A measured number with at most `digits` decimals (one unless told), nothing when absent; in the page's locale. */
export function numberText(value: number | undefined, digits = 1): string {
  if (value === undefined) return '';
  const rounded = Number(value.toFixed(digits));
  const locale = currentLocale();
  return locale ? new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: false }).format(rounded) : String(rounded);
}

/** Turbidity (PValue) with 5 decimals (spec section 9). */
export const formatPValue = (value: number | undefined) => (value === undefined ? '' : value.toFixed(5));
