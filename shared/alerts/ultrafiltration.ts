import { alerts } from '../messages/alerts';
import type { Settings } from '../settings';
import { makeAlert, type Alert } from './alert';
import { roundTo } from './numbers';
import { previousExchange, type ExchangeAlertInput, type ExchangeObservation } from './observations';

/**
 * An exchange drains the fluid the previous exchange filled, then fills fresh fluid. Its
 * ultrafiltration (Uf) is therefore this drain minus the previous fill, in whole ml; undefined
 * without both volumes.
 */
export function ultrafiltrationMl(
  exchange: Pick<ExchangeObservation, 'DrainVolume'>,
  previous: Pick<ExchangeObservation, 'FillVolume'> | undefined,
): number | undefined {
  if (exchange.DrainVolume == null || previous?.FillVolume == null) return undefined;
  return Math.round(exchange.DrainVolume) - Math.round(previous.FillVolume);
}

/**
 * LowUfAlert (spec section 4): this drain minus the previous fill is less than LowUFThreshold
 * percent of the previous fill, which is the last fill with the same fluid (docs/alerts.md gives the
 * reasoning). Strictly less alerts. Silent without a previous exchange within MaxDwellHours, a
 * previous fill above 0, or a drain volume.
 */
export function lowUfAlert(
  input: Pick<ExchangeAlertInput, 'exchange' | 'history'> & { settings: Pick<Settings, 'LowUFThreshold' | 'MaxDwellHours'> },
): Alert | undefined {
  const { exchange, settings } = input;
  const previous = previousExchange(exchange, input.history, settings.MaxDwellHours);
  const uf = ultrafiltrationMl(exchange, previous);
  if (uf === undefined || previous?.FillVolume == null) return undefined;
  const fill = Math.round(previous.FillVolume);
  if (!(fill > 0)) return undefined;
  const percent = settings.LowUFThreshold;
  const threshold = roundTo((percent * fill) / 100, 1);
  if (!(uf < threshold)) return undefined;
  const drain = Math.round(exchange.DrainVolume ?? 0);
  const shownPercent = roundTo(percent, 1);
  return makeAlert(
    'LowUfAlert',
    previous.ExchangeFluid
      ? alerts.lowUfOfFluid(uf, drain, fill, threshold, shownPercent, previous.ExchangeFluid)
      : alerts.lowUf(uf, drain, fill, threshold, shownPercent),
  );
}
