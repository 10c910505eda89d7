const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A date as the top bar shows it: day, month, two-digit year (dd/mm/yy), in the viewer's time zone. */
export function formatShortDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${twoDigits(date.getFullYear() % 100)}`;
}
