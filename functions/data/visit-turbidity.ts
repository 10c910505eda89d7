import type { ItemOf } from './entities';

/** The device's turbidity statistics of one exchange (NTU). */
export interface TurbidityCalc {
  meanCleanDrain: number;
  stdevCleanDrain: number;
  meanCleanFill: number;
  stdevCleanFill: number;
}

/** The turbidity statistics of a visit's exchanges, summed: the fields of the visit item ingest ADDs to (entities/visit.ts). */
export type TurbiditySums = Pick<ItemOf<'visit'>, 'TurbiditySamples' | 'SumMeanCleanDrain' | 'SumStdevCleanDrain' | 'SumMeanCleanFill' | 'SumStdevCleanFill'>;

/** One exchange's share of its visit's sums. */
export const turbiditySumsOf = (calc: TurbidityCalc): Required<TurbiditySums> => ({
  TurbiditySamples: 1,
  SumMeanCleanDrain: calc.meanCleanDrain,
  SumStdevCleanDrain: calc.stdevCleanDrain,
  SumMeanCleanFill: calc.meanCleanFill,
  SumStdevCleanFill: calc.stdevCleanFill,
});

/**
 * The visit turbidity figure of spec section 9: mean clean drain plus its deviation, minus (mean
 * clean fill minus its deviation), one decimal. Each of the four is the mean of that statistic
 * over the visit's exchanges that carry the device's turbidity statistics; null when none does.
 */
export function turbidityFigure(sums: TurbiditySums): number | null {
  const samples = sums.TurbiditySamples ?? 0;
  if (samples === 0) return null;
  const mean = (sum: number | undefined) => (sum ?? 0) / samples;
  const figure = mean(sums.SumMeanCleanDrain) + mean(sums.SumStdevCleanDrain) - (mean(sums.SumMeanCleanFill) - mean(sums.SumStdevCleanFill));
  return Math.round(figure * 10) / 10;
}
