import { highPulseAlert, lowPulseAlert } from '@shared/alerts';
import { exchange, settings } from './support';

// Defaults: PulseMinRange 50, PulseMaxRange 100 bpm, both ends normal.
const pulse = (Value: number) => exchange({ PulseMeasure: { Value, Time: '2025-03-10T11:58:00Z' } });

describe('HighPulseAlert and LowPulseAlert (PulseMinRange..PulseMaxRange)', () => {
  it('fires above PulseMaxRange, severity 2', () => {
    expect(highPulseAlert({ exchange: pulse(101), settings: settings() })).toEqual({
      flag: 'HighPulseAlert',
      severity: 2,
      textValue: 'Pulse 101 bpm is above 100 bpm',
    });
  });

  it('fires below PulseMinRange, severity 2', () => {
    expect(lowPulseAlert({ exchange: pulse(49), settings: settings() })).toEqual({
      flag: 'LowPulseAlert',
      severity: 2,
      textValue: 'Pulse 49 bpm is below 50 bpm',
    });
  });

  it('does not fire at the limits themselves or within the range', () => {
    for (const value of [50, 75, 100]) {
      expect(highPulseAlert({ exchange: pulse(value), settings: settings() })).toBeUndefined();
      expect(lowPulseAlert({ exchange: pulse(value), settings: settings() })).toBeUndefined();
    }
  });

  it('follows the settings and is silent without a measure', () => {
    expect(highPulseAlert({ exchange: pulse(95), settings: settings({ PulseMaxRange: 90 }) })?.textValue).toBe('Pulse 95 bpm is above 90 bpm');
    expect(lowPulseAlert({ exchange: pulse(55), settings: settings({ PulseMinRange: 60 }) })?.textValue).toBe('Pulse 55 bpm is below 60 bpm');
    expect(highPulseAlert({ exchange: exchange(), settings: settings({ PulseMaxRange: 0 }) })).toBeUndefined();
  });
});
