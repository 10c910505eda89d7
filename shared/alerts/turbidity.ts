import { alerts } from '../messages/alerts';
import type { Settings } from '../settings';
import { makeAlert, type Alert } from './alert';
import { roundTo } from './numbers';
import type { ExchangeObservation } from './observations';

type TurbidityCalc = NonNullable<ExchangeObservation['BubblesTurbidityCalc']>;

/**
 * The turbidity figure of the spec (section 9), in NTU to one decimal: mean clean drain plus its
 * deviation minus (mean clean fill minus its deviation). It is how much more turbid the drained
 * fluid is than the fresh fluid of the same exchange, the deviations widening the gap.
 */
export function turbidityFigure(calc: TurbidityCalc): number {
  return roundTo(calc.meanCleanDrain + calc.stdevCleanDrain - (calc.meanCleanFill - calc.stdevCleanFill), 1);
}

/**
 * TurbidityIncreasedAlert: the exchange's turbidity figure is above TurbidityThreshold (NTU);
 * equal does not alert. An absolute threshold, not a rise over the patient's own recent figures:
 * a baseline would drift up during a peritonitis and silence the alert while the effluent is
 * still cloudy. The figure is already relative to the exchange's own fresh fill.
 */
export function turbidityIncreasedAlert(input: {
  exchange: Pick<ExchangeObservation, 'BubblesTurbidityCalc'>;
  settings: Pick<Settings, 'TurbidityThreshold'>;
}): Alert | undefined {
  const calc = input.exchange.BubblesTurbidityCalc;
  if (!calc) return undefined;
  const figure = turbidityFigure(calc);
  const threshold = input.settings.TurbidityThreshold;
  if (!(figure > threshold)) return undefined;
  return makeAlert('TurbidityIncreasedAlert', alerts.turbidity(figure, roundTo(threshold, 1)));
}
