import { turbidityFigure, turbidityIncreasedAlert } from '@shared/alerts';
import { exchange, settings } from './support';

// Default: TurbidityThreshold 5 NTU.
const calc = (meanCleanDrain: number, stdevCleanDrain = 0, meanCleanFill = 0.4, stdevCleanFill = 0) => ({
  meanCleanDrain,
  stdevCleanDrain,
  meanCleanFill,
  stdevCleanFill,
});
const rule = (BubblesTurbidityCalc: ReturnType<typeof calc> | null, overrides: Parameters<typeof settings>[0] = {}) =>
  turbidityIncreasedAlert({ exchange: exchange({ BubblesTurbidityCalc }), settings: settings(overrides) });

describe('turbidityFigure (spec section 9)', () => {
  it('is mean clean drain plus its deviation minus (mean clean fill minus its deviation), one decimal', () => {
    expect(turbidityFigure(calc(1.12, 0.09, 0.41, 0.05))).toBe(0.9); // 1.21 - 0.36 = 0.85
    expect(turbidityFigure(calc(8, 1, 0.5, 0.1))).toBe(8.6);
  });
});

describe('TurbidityIncreasedAlert (figure above TurbidityThreshold NTU)', () => {
  it('fires above the threshold, severity 3, with a readable text', () => {
    expect(rule(calc(6, 0.5))).toEqual({
      flag: 'TurbidityIncreasedAlert',
      severity: 3,
      textValue: 'Turbidity 6.1 NTU (drain over fill) is above 5 NTU',
    });
  });

  it('does not fire exactly at the threshold, nor below it', () => {
    expect(rule(calc(5.4))).toBeUndefined(); // 5.0
    expect(rule(calc(5.5))).toBeDefined(); // 5.1
    expect(rule(calc(1.12, 0.09, 0.41, 0.05))).toBeUndefined();
  });

  it('follows the setting and is silent without the calculation', () => {
    expect(rule(calc(3.4), { TurbidityThreshold: 2.5 })?.textValue).toBe('Turbidity 3 NTU (drain over fill) is above 2.5 NTU');
    expect(rule(null)).toBeUndefined();
  });
});
