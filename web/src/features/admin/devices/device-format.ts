const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A time as the device screens show it: dd/mm/yy HH:MM in the viewer's time zone (spec section 9). */
export function formatDeviceTime(value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getFullYear() % 100)} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/**
 * An exchange's time as the device recorded it, in the patient's local time (DeviceLocalDate
 * carries the device's offset): dd/mm/yy HH:MM.
 */
export function formatLocalDate(deviceLocalDate: string): string {
  const match = /^(\d{2})(\d{2})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(deviceLocalDate);
  return match ? `${match[4]}/${match[3]}/${match[2]} ${match[5]}` : deviceLocalDate;
}

/** A measured number with at most one decimal, nothing when absent. */
export const numberText = (value: number | undefined) => (value === undefined ? '' : String(Number(value.toFixed(1))));
