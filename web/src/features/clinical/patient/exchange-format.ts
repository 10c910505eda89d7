import type { ExchangeRow, PatientAlert } from '@shared/api/patients';

/**
 * An exchange's date and time as the device recorded them, in the patient's local time
 * (DeviceLocalDate carries the device's offset): the table shows what the patient saw.
 */
export function localParts(deviceLocalDate: string): { date: string; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(deviceLocalDate);
  return match ? { date: match[1]!, time: match[2]! } : { date: deviceLocalDate, time: '' };
}

/** dd/mm/yy HH:MM (spec section 9: times shown as HH:MM). */
export function formatExchangeDate(deviceLocalDate: string): string {
  const { date, time } = localParts(deviceLocalDate);
  const [year, month, day] = date.split('-');
  return day && month && year ? `${day}/${month}/${year.slice(2)} ${time}`.trim() : deviceLocalDate;
}

/** Turbidity (PValue) with 5 decimals (spec section 9). */
export const formatPValue = (value: number | undefined) => (value === undefined ? '' : value.toFixed(5));

const numberText = (value: number | undefined, digits = 1) => (value === undefined ? '' : String(Number(value.toFixed(digits))));
export { numberText };

/**
 * The text that sums up an exchange's alerts (spec section 4 "Alert severity"): the one saying the
 * prescription is not approved if any, else the decisive one (the highest, the later on ties).
 */
export function alertSummary(alerts: readonly PatientAlert[]): PatientAlert | undefined {
  const notApproved = alerts.find((alert) => /not approved/i.test(alert.textValue));
  if (notApproved) return notApproved;
  let decisive: PatientAlert | undefined;
  for (const alert of alerts) if (!decisive || alert.severity >= decisive.severity) decisive = alert;
  return decisive;
}

/** Whether the exchange still shows an alert indicator (it has alerts nobody cleared). */
export const hasOpenAlerts = (exchange: ExchangeRow) => exchange.StatusAlerts.alerts.length > 0 && !exchange.AlertsClearedAt;

/** The turbidity CSV's name: serial number, local date and time, e.g. `100-00001_2026-11-20_0704.csv`. */
export function turbidityFileName(serialNumber: string, deviceLocalDate: string): string {
  const { date, time } = localParts(deviceLocalDate);
  return `${serialNumber}_${date}_${time.replace(':', '')}.csv`;
}
