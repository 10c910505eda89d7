/**
 * Lengths of time in milliseconds, the unit of `Date.now()` and `getTime()`. A day here is 24
 * hours; a calendar day across a clock change is the zone helpers' work (`shared/alerts/prescribed-slots`).
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
