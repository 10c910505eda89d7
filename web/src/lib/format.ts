const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A date as the top bar shows it: day, month, two-digit year (dd/mm/yy), in the viewer's time zone. */
export function formatShortDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
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
  return day && month && year ? `${day}/${month}/${year.slice(2)} ${time}`.trim() : deviceLocalDate;
}

/** A measured number with at most `digits` decimals (one unless told), nothing when absent. */
export const numberText = (value: number | undefined, digits = 1) => (value === undefined ? '' : String(Number(value.toFixed(digits))));

/** Turbidity (PValue) with 5 decimals (spec section 9). */
export const formatPValue = (value: number | undefined) => (value === undefined ? '' : value.toFixed(5));
