import { alerts } from '../messages/alerts';
import type { Settings } from '../settings';
import { makeAlert, type Alert } from './alert';
import { roundTo } from './numbers';
import { previousExchange, type ExchangeAlertInput } from './observations';

/**
 * NoDrainAlert: the drain returned less than NoDrainThreshold percent of the previous exchange's
 * fill (no drain volume counts as 0 ml): fluid left in with a fresh fill on top risks overfill and
 * points to outflow failure. Silent without a previous exchange within MaxDwellHours that filled
 * above 0; 0 turns the rule off (docs/alerts.md).
 */
export function noDrainAlert(
  input: Pick<ExchangeAlertInput, 'exchange' | 'history'> & {
    settings: Pick<Settings, 'NoDrainThreshold' | 'MaxDwellHours'>;
  },
): Alert | undefined {
  const { exchange, settings } = input;
  const previousFill = previousExchange(exchange, input.history, settings.MaxDwellHours)?.FillVolume;
  if (previousFill == null) return undefined;
  const fill = Math.round(previousFill);
  if (!(fill > 0)) return undefined;
  const drain = Math.round(exchange.DrainVolume ?? 0);
  const percent = settings.NoDrainThreshold;
  const threshold = roundTo((percent * fill) / 100, 1);
  if (!(drain < threshold)) return undefined;
  const shownPercent = roundTo(percent, 1);
  const text = exchange.DrainVolume == null ? alerts.noDrainRecorded(threshold, shownPercent, fill) : alerts.drainBelow(drain, threshold, shownPercent, fill);
  return makeAlert('NoDrainAlert', text);
}
