/**
 * The input patterns of spec section 5 ("Patterns"), once, for every form and handler.
 */

/** Phone: an optional leading plus or parenthesis, then digits, spaces, hyphens, underscores (and the closing parenthesis). */
export const PHONE_PATTERN = /^[+(]?[\d\s\-_()]*\d[\d\s\-_()]*$/;

/** MAC address: six hex pairs separated by colons. */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/;

/** A calendar date as the date inputs send it (yyyy-mm-dd). */
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** True when `yyyy-mm-dd` names a real day (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
