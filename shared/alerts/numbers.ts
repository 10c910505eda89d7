/**
 * Rounding and printing of measured values. Each rule rounds a value to the precision it prints
 * it with before comparing, so the alert's text always shows the numbers that decided it.
 */
export function roundTo(value: number, decimals: number): number {
  const text = String(value);
  if (text.includes('e')) {
    const factor = 10 ** decimals;
    return Math.round(value * factor) / factor;
  }
  // Decimal shifting by exponent avoids binary artefacts such as 1.005 rounding to 1.
  return Number(`${Math.round(Number(`${text}e${decimals}`))}e-${decimals}`);
}

/** The value rounded to at most `decimals` places, without trailing zeros: 38 → "38", 38.56 → "38.6". */
export function formatNumber(value: number, decimals: number): string {
  const rounded = roundTo(value, decimals);
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** Milliseconds of an ISO date-time, or undefined when absent or not a date. */
export function timeOf(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
