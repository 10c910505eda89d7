import { highDrainTempAlert } from '@shared/alerts';
import { exchange, settings } from './support';

// Default: MaxDrainTemp 38 with DrainTempUnit C.
const rule = (DrainTemp: number | null, TempUnit: 'C' | 'F' | undefined = 'C', overrides: Parameters<typeof settings>[0] = {}) =>
  highDrainTempAlert({ exchange: exchange({ DrainTemp, TempUnit }), settings: settings(overrides) });

describe('HighDrainTempAlert (above MaxDrainTemp in DrainTempUnit)', () => {
  it('fires above the maximum, severity 3, with a readable text', () => {
    expect(rule(38.6)).toEqual({
      flag: 'HighDrainTempAlert',
      severity: 3,
      textValue: 'Drain temperature 38.6 °C is above 38 °C',
    });
  });

  it('does not fire at the maximum itself, nor below it; compares to 0.1 degree', () => {
    expect(rule(38)).toBeUndefined();
    expect(rule(38.04)).toBeUndefined();
    expect(rule(38.05)?.textValue).toBe('Drain temperature 38.1 °C is above 38 °C');
    expect(rule(36.9)).toBeUndefined();
  });

  it('converts a reading in °F to a setting in °C', () => {
    expect(rule(100.4, 'F')).toBeUndefined(); // 38.0 °C
    expect(rule(101.3, 'F')?.textValue).toBe('Drain temperature 38.5 °C is above 38 °C');
  });

  it('converts a reading in °C to a setting in °F', () => {
    const fahrenheit = { MaxDrainTemp: 100.4, DrainTempUnit: 'F' as const };
    expect(rule(38, 'C', fahrenheit)).toBeUndefined(); // 100.4 °F
    expect(rule(38.2, 'C', fahrenheit)?.textValue).toBe('Drain temperature 100.8 °F is above 100.4 °F');
    expect(rule(101, 'F', fahrenheit)?.textValue).toBe('Drain temperature 101 °F is above 100.4 °F');
  });

  it('reads an absent unit as °C and is silent without a reading', () => {
    expect(rule(38.5, undefined)?.textValue).toBe('Drain temperature 38.5 °C is above 38 °C');
    expect(rule(null)).toBeUndefined();
  });
});
