import type { Settings } from '../settings';
import { timeOf } from './numbers';
import type { PrescriptionSchedule } from './observations';
import { prescribedSlots } from './prescribed-slots';

/**
 * Utilization in percent: performed exchanges over prescribed ones, capped at 100 (extra
 * exchanges do not make up for missed ones elsewhere... nor push above 100). Undefined when
 * nothing was prescribed, as there is nothing to measure against.
 */
export function utilizationPercent(prescribed: number, performed: number): number | undefined {
  if (!(prescribed > 0)) return undefined;
  return (Math.min(Math.max(performed, 0), prescribed) * 100) / prescribed;
}

export interface PrescriptionUtilization {
  prescribed: number;
  performed: number;
  /** 0 to 100, unrounded; undefined when nothing was prescribed in the window. */
  utilization: number | undefined;
}

/**
 * Utilization over [from, to): the prescribed slots in the window (none before the
 * prescription's Created_UTC) against the exchanges whose DeviceLocalDate lies in the same part
 * of the window. Pass `to` = now − grace so slots still within their grace period do not count.
 */
export function prescriptionUtilization(input: {
  prescription: PrescriptionSchedule;
  exchanges: ReadonlyArray<{ DeviceLocalDate: string }>;
  from: Date;
  to: Date;
  timeZone?: string;
}): PrescriptionUtilization {
  const fromMs = Math.max(input.from.getTime(), timeOf(input.prescription.Created_UTC) ?? -Infinity);
  const toMs = input.to.getTime();
  const prescribed = prescribedSlots(input.prescription, { fromMs, toMs, timeZone: input.timeZone }).length;
  const performed = input.exchanges.filter((exchange) => {
    const ms = timeOf(exchange.DeviceLocalDate);
    return ms !== undefined && ms >= fromMs && ms < toMs;
  }).length;
  return { prescribed, performed, utilization: utilizationPercent(prescribed, performed) };
}

export type UtilizationBand = 'Good' | 'Fair' | 'Low';

/**
 * The band of a utilization (spec section 4, Utilization bands): Good from 100 down to
 * UtilizationStatusGood, Fair from below that down to UtilizationStatusFair, Low below that down
 * to 0. A value equal to a threshold is in the higher band.
 */
export function utilizationBand(utilization: number, settings: Pick<Settings, 'UtilizationStatusGood' | 'UtilizationStatusFair'>): UtilizationBand {
  if (utilization >= settings.UtilizationStatusGood) return 'Good';
  if (utilization >= settings.UtilizationStatusFair) return 'Fair';
  return 'Low';
}

/**
 * The device list's utilization icon colour, as the spec gives it (section 4): green for 1 to 20,
 * yellow above 20, red above 50. Below 1 the spec shows no icon.
 */
export function deviceUtilizationColour(utilization: number | null | undefined): 'green' | 'yellow' | 'red' | undefined {
  if (utilization == null || !(utilization >= 1)) return undefined;
  if (utilization > 50) return 'red';
  if (utilization > 20) return 'yellow';
  return 'green';
}
