import { alerts } from '../messages/alerts';
import { makeAlert, type Alert } from './alert';
import type { ExchangeObservation } from './observations';

const MAX_QUOTED_CHARS = 500;

/**
 * A machine problem counts as an alert only if its text contains 'panic' (spec section 4), in any
 * letter case: devices write 'PANIC' or 'Panic', and a missed device panic costs more than a
 * needless look.
 */
export function isPanic(machineProblem: string | null | undefined): boolean {
  return /panic/i.test(machineProblem ?? '');
}

/** The MachineProblemAlert for a device's problem text (an exchange's or an error message's), if it is a panic. */
export function panicAlert(machineProblem: string | null | undefined): Alert | undefined {
  const text = machineProblem?.trim();
  if (!text || !isPanic(text)) return undefined;
  return makeAlert('MachineProblemAlert', alerts.machineProblem(text.slice(0, MAX_QUOTED_CHARS)));
}

export function machineProblemAlert({ exchange }: { exchange: Pick<ExchangeObservation, 'MachineProblem'> }): Alert | undefined {
  return panicAlert(exchange.MachineProblem);
}
