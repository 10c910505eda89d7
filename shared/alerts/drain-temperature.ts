import { alerts } from '../messages/alerts';
import type { Settings } from '../settings';
import { convertTemperature, unitSymbols } from '../device/units';
import { makeAlert, type Alert } from './alert';
import { roundTo } from './numbers';
import type { ExchangeObservation } from './observations';

/**
 * HighDrainTempAlert: the drain temperature, converted to DrainTempUnit and rounded to 0.1, is
 * above MaxDrainTemp; equal does not alert. Effluent after a dwell is at core temperature, so a
 * high reading is a fever, a sign of peritonitis.
 */
export function highDrainTempAlert(input: {
  exchange: Pick<ExchangeObservation, 'DrainTemp' | 'TempUnit'>;
  settings: Pick<Settings, 'MaxDrainTemp' | 'DrainTempUnit'>;
}): Alert | undefined {
  const { exchange, settings } = input;
  if (exchange.DrainTemp == null) return undefined;
  const unit = settings.DrainTempUnit;
  const temperature = roundTo(convertTemperature(exchange.DrainTemp, exchange.TempUnit ?? 'C', unit), 1);
  if (!(temperature > settings.MaxDrainTemp)) return undefined;
  return makeAlert('HighDrainTempAlert', alerts.highDrainTemp(temperature, roundTo(settings.MaxDrainTemp, 1), unitSymbols[unit]));
}
