import { lowUfAlert, previousExchange, ultrafiltrationMl } from '@shared/alerts';
import { exchange, previous, settings } from './support';

// Defaults: LowUFThreshold 10 (% of the fill that dwelt), MaxDwellHours 24.
const rule = (DrainVolume: number | null, history = [previous()], overrides: Parameters<typeof settings>[0] = {}) =>
  lowUfAlert({ exchange: exchange({ DrainVolume }), history, settings: settings(overrides) });

describe('the previous exchange of two in the same second', () => {
  it('is the one the table lists last (the greater id), whatever order the history came in', () => {
    // A device's dates have whole seconds: in a burst, two exchanges share one; a container's kept
    // history has them in the order it took them, a read of the table by id.
    const first = previous({ _id: 'SN-20250310075959100-7', DeviceLocalDate: '2025-03-10T08:00:00Z', FillVolume: 2190 });
    const second = previous({ _id: 'SN-20250310075959600-8', DeviceLocalDate: '2025-03-10T08:00:00Z', FillVolume: 1810 });
    const now = exchange({ DrainVolume: 2027 });
    expect(previousExchange(now, [first, second], 24)?._id).toBe(second._id);
    expect(previousExchange(now, [second, first], 24)?._id).toBe(second._id);
    expect(lowUfAlert({ exchange: now, history: [first, second], settings: settings() })).toEqual(
      lowUfAlert({ exchange: now, history: [second, first], settings: settings() }),
    );
  });
});

describe('ultrafiltrationMl', () => {
  it('is this drain minus the previous fill, in whole ml', () => {
    expect(ultrafiltrationMl({ DrainVolume: 2250.4 }, { FillVolume: 2000 })).toBe(250);
    expect(ultrafiltrationMl({ DrainVolume: 1900 }, { FillVolume: 2000 })).toBe(-100);
    expect(ultrafiltrationMl({ DrainVolume: 1900 }, undefined)).toBeUndefined();
    expect(ultrafiltrationMl({ DrainVolume: null }, { FillVolume: 2000 })).toBeUndefined();
  });
});

describe('LowUfAlert: drain minus previous fill below LowUFThreshold percent of the last fill of that fluid', () => {
  it('fires below the threshold, severity 2, with the numbers that decided it', () => {
    expect(rule(2150)).toEqual({
      flag: 'LowUfAlert',
      severity: 2,
      textValue: 'UF 150 ml (drain 2150 ml minus previous fill 2000 ml) is below 200 ml (10% of the DIAneal 1.36% fill of 2000 ml)',
    });
  });

  it('does not fire exactly at the threshold (the spec says less than), nor above it', () => {
    expect(rule(2200)).toBeUndefined();
    expect(rule(2199)?.textValue).toMatch(/^UF 199 ml/);
    expect(rule(2600)).toBeUndefined();
  });

  it('fires for a negative UF (fluid absorbed)', () => {
    expect(rule(1900)?.textValue).toMatch(/^UF -100 ml \(drain 1900 ml minus previous fill 2000 ml\)/);
  });

  it("takes the percentage of the previous fill's volume and names its fluid", () => {
    const night = previous({ ExchangeFluid: 'EXTRAneal', FillVolume: 2500 });
    // 10% of 2500 = 250: UF 240 alerts, UF 250 does not
    expect(rule(2740, [night])?.textValue).toBe('UF 240 ml (drain 2740 ml minus previous fill 2500 ml) is below 250 ml (10% of the EXTRAneal fill of 2500 ml)');
    expect(rule(2750, [night])).toBeUndefined();
  });

  it('follows the LowUFThreshold setting, including fractional percentages', () => {
    expect(rule(2290, [previous()], { LowUFThreshold: 15 })?.textValue).toContain('is below 300 ml (15% of');
    expect(rule(2249, [previous()], { LowUFThreshold: 12.5 })?.textValue).toContain('is below 250 ml (12.5% of');
    expect(rule(2250, [previous()], { LowUFThreshold: 12.5 })).toBeUndefined();
  });

  it('is silent for the first exchange, with no history', () => {
    expect(rule(0, [])).toBeUndefined();
  });

  it('is silent without a drain volume, or without a previous fill above 0', () => {
    expect(rule(null)).toBeUndefined();
    expect(rule(100, [previous({ FillVolume: 0 })])).toBeUndefined();
    expect(rule(100, [previous({ FillVolume: null })])).toBeUndefined();
  });

  it('uses the newest earlier exchange as the previous one, whatever the order of the history', () => {
    const older = previous({ _id: 'older', DeviceLocalDate: '2025-03-10T04:00:00Z', FillVolume: 1000 });
    expect(rule(2150, [older, previous()])?.textValue).toContain('minus previous fill 2000 ml');
    const later = previous({ _id: 'later', DeviceLocalDate: '2025-03-10T16:00:00Z', FillVolume: 3000 });
    expect(rule(2150, [later, previous()])?.textValue).toContain('minus previous fill 2000 ml');
  });

  it('is silent when the previous exchange lies more than MaxDwellHours before (the fill is not known to be inside)', () => {
    const dayBefore = previous({ DeviceLocalDate: '2025-03-09T11:59:59Z' });
    expect(rule(1000, [dayBefore])).toBeUndefined();
    const exactly24h = previous({ DeviceLocalDate: '2025-03-09T12:00:00Z' });
    expect(rule(1000, [exactly24h])).toBeDefined();
    expect(rule(1000, [dayBefore], { MaxDwellHours: 48 })).toBeDefined();
  });
});
