import type { ExchangeRow, PatientAlert } from '@shared/api/patients';
import { localParts } from '@web/src/lib/format';

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
