import { alerts } from '../messages/alerts';
import type { Settings } from '../settings';
import { makeAlert, type Alert } from './alert';
import type { ExchangeObservation } from './observations';

type PulseInput = {
  exchange: Pick<ExchangeObservation, 'PulseMeasure'>;
  settings: Pick<Settings, 'PulseMinRange' | 'PulseMaxRange'>;
};

/** HighPulseAlert: pulse (whole bpm) above PulseMaxRange; equal does not alert. */
export function highPulseAlert({ exchange, settings }: PulseInput): Alert | undefined {
  if (!exchange.PulseMeasure) return undefined;
  const pulse = Math.round(exchange.PulseMeasure.Value);
  if (!(pulse > settings.PulseMaxRange)) return undefined;
  return makeAlert('HighPulseAlert', alerts.highPulse(pulse, settings.PulseMaxRange));
}

/** LowPulseAlert: pulse (whole bpm) below PulseMinRange; equal does not alert. */
export function lowPulseAlert({ exchange, settings }: PulseInput): Alert | undefined {
  if (!exchange.PulseMeasure) return undefined;
  const pulse = Math.round(exchange.PulseMeasure.Value);
  if (!(pulse < settings.PulseMinRange)) return undefined;
  return makeAlert('LowPulseAlert', alerts.lowPulse(pulse, settings.PulseMinRange));
}
