import { bpDecreasedAlert, bpIncreaseAlert } from '@shared/alerts';
import { exchange, settings } from './support';

// Defaults: diastolic ("min") normal 60..90 (BPminRangeLow..BPminRangeHigh),
// systolic ("max") normal 90..140 (BPmaxRangeLow..BPmaxRangeHigh), both ends normal.
const bp = (Systolic: number, Diastolic: number) => exchange({ BloodPressureMeasure: { Value: { Systolic, Diastolic }, Time: '2025-03-10T11:58:00Z' } });
const low = (s: number, d: number, overrides: Parameters<typeof settings>[0] = {}) => bpDecreasedAlert({ exchange: bp(s, d), settings: settings(overrides) });
const high = (s: number, d: number, overrides: Parameters<typeof settings>[0] = {}) => bpIncreaseAlert({ exchange: bp(s, d), settings: settings(overrides) });

describe('BPIncreaseAlert (above BPmaxRangeHigh systolic or BPminRangeHigh diastolic)', () => {
  it('fires for a high systolic, severity 2, naming the limit', () => {
    expect(high(141, 80)).toEqual({
      flag: 'BPIncreaseAlert',
      severity: 2,
      textValue: 'Blood pressure 141/80 mmHg: systolic 141 is above 140 mmHg',
    });
  });

  it('fires for a high diastolic, and names both when both are high', () => {
    expect(high(130, 91)?.textValue).toBe('Blood pressure 130/91 mmHg: diastolic 91 is above 90 mmHg');
    expect(high(170, 100)?.textValue).toBe('Blood pressure 170/100 mmHg: systolic 170 is above 140 mmHg, diastolic 100 is above 90 mmHg');
  });

  it('does not fire at the upper limits themselves, nor within the range', () => {
    expect(high(140, 90)).toBeUndefined();
    expect(high(120, 80)).toBeUndefined();
  });

  it('follows the settings', () => {
    expect(high(135, 80, { BPmaxRangeHigh: 130 })?.textValue).toContain('systolic 135 is above 130 mmHg');
    expect(high(150, 95, { BPmaxRangeHigh: 160, BPminRangeHigh: 100 })).toBeUndefined();
  });

  it('is silent without a measure', () => {
    expect(bpIncreaseAlert({ exchange: exchange(), settings: settings() })).toBeUndefined();
  });
});

describe('BPDecreasedAlert (below BPmaxRangeLow systolic or BPminRangeLow diastolic)', () => {
  it('fires for a low systolic (hypotension) with severity 3', () => {
    expect(low(89, 60)).toEqual({
      flag: 'BPDecreasedAlert',
      severity: 3,
      textValue: 'Blood pressure 89/60 mmHg: systolic 89 is below 90 mmHg',
    });
    expect(low(85, 55)).toEqual({
      flag: 'BPDecreasedAlert',
      severity: 3,
      textValue: 'Blood pressure 85/55 mmHg: systolic 85 is below 90 mmHg, diastolic 55 is below 60 mmHg',
    });
  });

  it('fires for a low diastolic alone with severity 2', () => {
    expect(low(125, 59)).toEqual({
      flag: 'BPDecreasedAlert',
      severity: 2,
      textValue: 'Blood pressure 125/59 mmHg: diastolic 59 is below 60 mmHg',
    });
  });

  it('does not fire at the lower limits themselves', () => {
    expect(low(90, 60)).toBeUndefined();
  });

  it('follows the settings', () => {
    expect(low(95, 65, { BPmaxRangeLow: 100 })?.textValue).toContain('systolic 95 is below 100 mmHg');
    expect(low(95, 65, { BPminRangeLow: 70 })?.textValue).toContain('diastolic 65 is below 70 mmHg');
  });

  it('rounds to whole mmHg before comparing', () => {
    expect(low(89.6, 60)).toBeUndefined();
    expect(low(89.4, 60)?.textValue).toContain('systolic 89 is below 90 mmHg');
  });
});
