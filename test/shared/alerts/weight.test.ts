import { evaluateExchangeAlerts, startOfLookBack, weightIncreasedAlert } from '@shared/alerts';
import { exchange, input, settings } from './support';

const at = '2025-03-10T12:00:00Z';
const weighed = (Value: number, Time = at, WeightUnit: 'KG' | 'LB' = 'KG') => exchange({ DeviceLocalDate: Time, WeightUnit, WeightMeasure: { Value, Time } });
const earlier = (id: string, Value: number, Time: string, WeightUnit: 'KG' | 'LB' = 'KG') => ({
  ...weighed(Value, Time, WeightUnit),
  _id: id,
});

describe('WeightIncreasedAlert above dry weight (WeightFromDryThreshold, WeightFromDryUnit)', () => {
  const rule = (value: number, overrides: Parameters<typeof settings>[0] = {}, unit: 'KG' | 'LB' = 'KG') =>
    weightIncreasedAlert({ exchange: weighed(value, at, unit), history: [], patient: { TargetWeight: 70 }, settings: settings(overrides) });

  it('fires above dry weight by more than the threshold, severity 2, with a readable text', () => {
    expect(rule(72.1)).toEqual({
      flag: 'WeightIncreasedAlert',
      severity: 2,
      textValue: 'Weight 72.1 kg is 2.1 kg above dry weight 70 kg (threshold 2 kg)',
    });
  });

  it('does not fire exactly at the threshold, nor below it', () => {
    expect(rule(72)).toBeUndefined();
    expect(rule(71.9)).toBeUndefined();
    expect(rule(65)).toBeUndefined();
  });

  it('compares on values rounded to 0.1, as the text shows them', () => {
    expect(rule(72.04)).toBeUndefined();
    expect(rule(72.05)?.textValue).toBe('Weight 72.1 kg is 2.1 kg above dry weight 70 kg (threshold 2 kg)');
  });

  it('converts a weight measured in lb to the threshold unit kg', () => {
    // 159 lb = 72.12 kg
    expect(rule(159, {}, 'LB')?.textValue).toBe('Weight 72.1 kg is 2.1 kg above dry weight 70 kg (threshold 2 kg)');
    expect(rule(158.7, {}, 'LB')).toBeUndefined(); // 71.98 kg
  });

  it('compares in lb when the threshold is set in lb (dry weight in kg, weight in kg)', () => {
    const lb = { WeightFromDryThreshold: 4, WeightFromDryUnit: 'LB' as const };
    // 70 kg = 154.3 lb; 71.85 kg = 158.4 lb; 71.8 kg = 158.3 lb
    expect(rule(71.85, lb)?.textValue).toBe('Weight 158.4 lb is 4.1 lb above dry weight 154.3 lb (threshold 4 lb)');
    expect(rule(71.8, lb)).toBeUndefined();
  });

  it('is silent without a dry weight, or without a weight measure', () => {
    const noDry = (TargetWeight: number | null | undefined) =>
      weightIncreasedAlert({ exchange: weighed(90), history: [], patient: { TargetWeight }, settings: settings() });
    expect(noDry(null)).toBeUndefined();
    expect(noDry(undefined)).toBeUndefined();
    expect(noDry(0)).toBeUndefined();
    expect(weightIncreasedAlert({ exchange: exchange(), history: [], patient: { TargetWeight: 50 }, settings: settings() })).toBeUndefined();
  });
});

describe('WeightIncreasedAlert on a recent increase (WeightRecentlyFromLastTime, …Unit, WeightRecentlyIncreaseValueThreshold, …Unit)', () => {
  // No dry weight, so only the recent rule speaks. Defaults: more than 2 kg within 3 days.
  const rule = (current: ReturnType<typeof weighed>, history: ReturnType<typeof weighed>[], overrides: Parameters<typeof settings>[0] = {}) =>
    weightIncreasedAlert({ exchange: current, history, patient: null, settings: settings(overrides) });

  it('fires for a rise of more than the threshold over the earliest weight of the window', () => {
    expect(rule(weighed(72.1), [earlier('a', 71, '2025-03-09T12:00:00Z'), earlier('b', 70, '2025-03-08T12:00:00Z')])).toEqual({
      flag: 'WeightIncreasedAlert',
      severity: 2,
      textValue: 'Weight 72.1 kg rose 2.1 kg from 70 kg on 2025-03-08 (threshold 2 kg within 3 days)',
    });
  });

  it('does not fire for a rise exactly at the threshold, nor for a fall', () => {
    expect(rule(weighed(72), [earlier('b', 70, '2025-03-08T12:00:00Z')])).toBeUndefined();
    expect(rule(weighed(68), [earlier('b', 70, '2025-03-08T12:00:00Z')])).toBeUndefined();
  });

  it('is silent for the first exchange, with no history', () => {
    expect(rule(weighed(99), [])).toBeUndefined();
  });

  it('ignores weights before the window and includes one exactly at its start', () => {
    expect(rule(weighed(75), [earlier('old', 70, '2025-03-07T11:59:59Z')])).toBeUndefined();
    expect(rule(weighed(75), [earlier('edge', 70, '2025-03-07T12:00:00Z')])?.textValue).toContain('rose 5 kg from 70 kg');
  });

  it('ignores history entries without a weight and entries not earlier than the measure', () => {
    const later = earlier('later', 60, '2025-03-10T13:00:00Z');
    expect(rule(weighed(72.5), [exchange({ _id: 'x', DeviceLocalDate: '2025-03-09T00:00:00Z' }), later])).toBeUndefined();
  });

  it('does not take the exchange itself (same _id, e.g. a redelivery) as its own history', () => {
    const self = { ...weighed(70, '2025-03-09T12:00:00Z'), _id: 'ex-now' };
    expect(rule(weighed(75), [self])).toBeUndefined();
  });

  it('reads months and years as calendar periods', () => {
    const month = { WeightRecentlyFromLastTime: 1, WeightRecentlyFromLastTimeUnit: 'MONTH' as const };
    expect(rule(weighed(73), [earlier('a', 70, '2025-02-11T12:00:00Z')], month)?.textValue).toBe(
      'Weight 73 kg rose 3 kg from 70 kg on 2025-02-11 (threshold 2 kg within 1 month)',
    );
    expect(rule(weighed(73), [earlier('a', 70, '2025-02-09T12:00:00Z')], month)).toBeUndefined();
    const years = { WeightRecentlyFromLastTime: 2, WeightRecentlyFromLastTimeUnit: 'YEAR' as const };
    expect(rule(weighed(73), [earlier('a', 70, '2023-03-11T12:00:00Z')], years)?.textValue).toContain('within 2 years');
    expect(rule(weighed(73), [earlier('a', 70, '2023-03-09T12:00:00Z')], years)).toBeUndefined();
  });

  it('converts weights reported in lb, and compares in lb when the threshold is in lb', () => {
    // 154.3 lb = 70 kg
    expect(rule(weighed(72.1), [earlier('a', 154.3, '2025-03-09T12:00:00Z', 'LB')])?.textValue).toBe(
      'Weight 72.1 kg rose 2.1 kg from 70 kg on 2025-03-09 (threshold 2 kg within 3 days)',
    );
    const lb = { WeightRecentlyIncreaseValueThreshold: 4, WeightRecentlyIncreaseValueUnit: 'LB' as const };
    // 70 kg = 154.3 lb, 71.85 kg = 158.4 lb (4.1 lb more), 71.8 kg = 158.3 lb (4.0 lb more)
    expect(rule(weighed(71.85), [earlier('a', 70, '2025-03-09T12:00:00Z')], lb)?.textValue).toBe(
      'Weight 158.4 lb rose 4.1 lb from 154.3 lb on 2025-03-09 (threshold 4 lb within 3 days)',
    );
    expect(rule(weighed(71.8), [earlier('a', 70, '2025-03-09T12:00:00Z')], lb)).toBeUndefined();
  });

  it('is off when WeightRecentlyFromLastTime is 0', () => {
    expect(rule(weighed(80), [earlier('a', 70, '2025-03-10T11:00:00Z')], { WeightRecentlyFromLastTime: 0 })).toBeUndefined();
  });
});

describe('WeightIncreasedAlert with both reasons', () => {
  it('raises one alert naming both', () => {
    const alerts = evaluateExchangeAlerts(input({ exchange: weighed(73), history: [earlier('a', 70, '2025-03-09T12:00:00Z')], patient: { TargetWeight: 70 } }));
    expect(alerts).toEqual([
      {
        flag: 'WeightIncreasedAlert',
        severity: 2,
        textValue:
          'Weight 73 kg is 3 kg above dry weight 70 kg (threshold 2 kg); ' + 'Weight 73 kg rose 3 kg from 70 kg on 2025-03-09 (threshold 2 kg within 3 days)',
      },
    ]);
  });
});

describe('startOfLookBack', () => {
  const ms = (iso: string) => Date.parse(iso);
  it('counts days as 24-hour periods and months with the day clamped to the month end', () => {
    expect(startOfLookBack(ms('2025-03-10T12:00:00Z'), 3, 'DAY')).toBe(ms('2025-03-07T12:00:00Z'));
    expect(startOfLookBack(ms('2025-03-31T08:00:00Z'), 1, 'MONTH')).toBe(ms('2025-02-28T08:00:00Z'));
    expect(startOfLookBack(ms('2024-03-31T08:00:00Z'), 1, 'MONTH')).toBe(ms('2024-02-29T08:00:00Z'));
    expect(startOfLookBack(ms('2025-01-15T00:00:00Z'), 1, 'YEAR')).toBe(ms('2024-01-15T00:00:00Z'));
  });
});
