import type { Alert } from './alert';
import { bpDecreasedAlert, bpIncreaseAlert } from './blood-pressure';
import { highDrainTempAlert } from './drain-temperature';
import { machineProblemAlert } from './machine-problem';
import { noDrainAlert } from './no-drain';
import type { ExchangeAlertInput } from './observations';
import { highPulseAlert, lowPulseAlert } from './pulse';
import { turbidityIncreasedAlert } from './turbidity';
import { lowUfAlert } from './ultrafiltration';
import { weightIncreasedAlert } from './weight';

/** The per-exchange rules, in the order of the spec's flag list. SkippedAlert is a scheduled check. */
export const exchangeAlertRules: ReadonlyArray<(input: ExchangeAlertInput) => Alert | undefined> = [
  machineProblemAlert,
  weightIncreasedAlert,
  lowUfAlert,
  bpDecreasedAlert,
  bpIncreaseAlert,
  highPulseAlert,
  lowPulseAlert,
  highDrainTempAlert,
  noDrainAlert,
  turbidityIncreasedAlert,
];

/**
 * Every alert a newly reported exchange raises, at most one per flag, in the spec's flag order.
 * With a NoDrainAlert the LowUfAlert is left out: fluid still in the abdomen makes "drain minus
 * fill" a failed drain, not a failing membrane, and reporting it as low UF could lead to a
 * stronger fluid being prescribed for no reason.
 */
export function evaluateExchangeAlerts(input: ExchangeAlertInput): Alert[] {
  const alerts = exchangeAlertRules.flatMap((rule) => rule(input) ?? []);
  const noDrain = alerts.some((alert) => alert.flag === 'NoDrainAlert');
  return noDrain ? alerts.filter((alert) => alert.flag !== 'LowUfAlert') : alerts;
}
