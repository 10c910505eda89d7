import { alerts } from '../messages/alerts';
import type { Settings } from '../settings';
import { convertWeight, unitSymbols, type WeightUnit } from '../device/units';
import { makeAlert, type Alert } from './alert';
import { formatNumber, roundTo, timeOf } from './numbers';
import { earlierExchanges, type ExchangeAlertInput, type ExchangeObservation } from './observations';
import { DAY_MS } from '../time';

type WeightSettings = Pick<
  Settings,
  | 'WeightFromDryThreshold'
  | 'WeightFromDryUnit'
  | 'WeightRecentlyFromLastTime'
  | 'WeightRecentlyFromLastTimeUnit'
  | 'WeightRecentlyIncreaseValueThreshold'
  | 'WeightRecentlyIncreaseValueUnit'
>;

/** The mean Gregorian month, for the fraction of a month count that is not whole. */
const MEAN_MONTH_MS = (365.2425 / 12) * DAY_MS;

/**
 * The start of the look-back window: DAY counts 24-hour periods; MONTH and YEAR count calendar
 * months (UTC), with the day clamped to the month's end (31 March minus one month is 28 or 29
 * February).
 */
export function startOfLookBack(atMs: number, count: number, unit: Settings['WeightRecentlyFromLastTimeUnit']): number {
  if (unit === 'DAY') return atMs - count * DAY_MS;
  const months = unit === 'YEAR' ? count * 12 : count;
  const wholeMonths = Math.trunc(months);
  const at = new Date(atMs);
  const targetMonth = at.getUTCMonth() - wholeMonths;
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), targetMonth + 1, 0)).getUTCDate();
  const start = Date.UTC(
    at.getUTCFullYear(),
    targetMonth,
    Math.min(at.getUTCDate(), lastDay),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
    at.getUTCMilliseconds(),
  );
  return start - (months - wholeMonths) * MEAN_MONTH_MS;
}

function weightInKg(exchange: ExchangeObservation): number | undefined {
  const measure = exchange.WeightMeasure;
  return measure ? convertWeight(measure.Value, exchange.WeightUnit ?? 'KG', 'KG') : undefined;
}

function inUnit(kg: number, unit: WeightUnit): number {
  return roundTo(convertWeight(kg, 'KG', unit), 1);
}

function weightText(value: number, unit: WeightUnit): string {
  return `${formatNumber(value, 1)} ${unitSymbols[unit]}`;
}

function aboveDryWeight(weightKg: number, dryWeightKg: number | null | undefined, settings: WeightSettings) {
  if (dryWeightKg == null || !(dryWeightKg > 0)) return undefined;
  const unit = settings.WeightFromDryUnit;
  const weight = inUnit(weightKg, unit);
  const dryWeight = inUnit(dryWeightKg, unit);
  const over = roundTo(weight - dryWeight, 1);
  if (!(over > settings.WeightFromDryThreshold)) return undefined;
  return alerts.aboveDryWeight(
    weightText(weight, unit),
    weightText(over, unit),
    weightText(dryWeight, unit),
    weightText(settings.WeightFromDryThreshold, unit),
  );
}

function periodText(count: number, unit: Settings['WeightRecentlyFromLastTimeUnit']): string {
  return (count === 1 ? alerts.onePeriod : alerts.periods)[unit](roundTo(count, 1));
}

function recentIncrease(input: Pick<ExchangeAlertInput, 'exchange' | 'history'>, weightKg: number, settings: WeightSettings) {
  const count = settings.WeightRecentlyFromLastTime;
  if (!(count > 0)) return undefined;
  const { exchange } = input;
  const atMs = timeOf(exchange.WeightMeasure?.Time) ?? timeOf(exchange.DeviceLocalDate);
  if (atMs === undefined) return undefined;
  const startMs = startOfLookBack(atMs, count, settings.WeightRecentlyFromLastTimeUnit);

  let earliest: { ms: number; kg: number; when: string } | undefined;
  for (const entry of earlierExchanges(exchange, input.history)) {
    const kg = weightInKg(entry);
    if (kg === undefined) continue;
    const when = entry.WeightMeasure?.Time ?? entry.DeviceLocalDate;
    const ms = timeOf(when);
    if (ms === undefined || ms < startMs || ms >= atMs) continue;
    if (!earliest || ms < earliest.ms) earliest = { ms, kg, when };
  }
  if (!earliest) return undefined;

  const unit = settings.WeightRecentlyIncreaseValueUnit;
  const weight = inUnit(weightKg, unit);
  const before = inUnit(earliest.kg, unit);
  const rise = roundTo(weight - before, 1);
  if (!(rise > settings.WeightRecentlyIncreaseValueThreshold)) return undefined;
  return alerts.weightRose(
    weightText(weight, unit),
    weightText(rise, unit),
    weightText(before, unit),
    earliest.when.slice(0, 10),
    weightText(settings.WeightRecentlyIncreaseValueThreshold, unit),
    periodText(count, settings.WeightRecentlyFromLastTimeUnit),
  );
}

/**
 * WeightIncreasedAlert when the exchange's weight is above the dry weight (TargetWeight, kg) by
 * more than WeightFromDryThreshold, or above the earliest weight of the last
 * WeightRecentlyFromLastTime days, months or years by more than
 * WeightRecentlyIncreaseValueThreshold. Each comparison is in its threshold's unit, on values
 * rounded to 0.1; equal to the threshold does not alert. One alert names every reason that holds.
 */
export function weightIncreasedAlert(input: Pick<ExchangeAlertInput, 'exchange' | 'history' | 'patient'> & { settings: WeightSettings }): Alert | undefined {
  const weightKg = weightInKg(input.exchange);
  if (weightKg === undefined) return undefined;
  const reasons = [aboveDryWeight(weightKg, input.patient?.TargetWeight, input.settings), recentIncrease(input, weightKg, input.settings)].filter(
    (reason): reason is string => reason !== undefined,
  );
  return reasons.length > 0 ? makeAlert('WeightIncreasedAlert', alerts.weightReasons(reasons)) : undefined;
}
