import type { ExchangeRow } from '@shared/api/exchanges';
import { localParts } from '@web/src/lib/format';

/** Whether the exchange still shows an alert indicator (it has alerts nobody cleared). */
export const hasOpenAlerts = (exchange: ExchangeRow) => exchange.StatusAlerts.alerts.length > 0 && !exchange.AlertsClearedAt;

/** The turbidity CSV's name: serial number, local date and time, e.g. `100-00001_2026-11-20_0704.csv`. */
export function turbidityFileName(serialNumber: string, deviceLocalDate: string): string {
  const { date, time } = localParts(deviceLocalDate);
  return `${serialNumber}_${date}_${time.replace(':', '')}.csv`;
}
