import { evaluateExchangeAlerts, noDrainAlert } from '@shared/alerts';
import { exchange, input, previous, settings } from './support';

// Defaults: NoDrainThreshold 50 (% of the previous fill), MaxDwellHours 24.
const rule = (DrainVolume: number | null | undefined, history = [previous()], overrides: Parameters<typeof settings>[0] = {}) =>
  noDrainAlert({ exchange: exchange({ DrainVolume }), history, settings: settings(overrides) });

describe('NoDrainAlert: the drain returned less than NoDrainThreshold percent of the previous fill', () => {
  it('fires below the threshold, severity 3, with a readable text', () => {
    expect(rule(400)).toEqual({
      flag: 'NoDrainAlert',
      severity: 3,
      textValue: 'Drain volume 400 ml is below 1000 ml (50% of the previous fill of 2000 ml)',
    });
    expect(rule(0)?.textValue).toBe('Drain volume 0 ml is below 1000 ml (50% of the previous fill of 2000 ml)');
  });

  it('reads an absent drain volume as no drain', () => {
    expect(rule(null)?.textValue).toBe('No drain volume recorded; expected at least 1000 ml (50% of the previous fill of 2000 ml)');
    expect(rule(undefined)?.severity).toBe(3);
  });

  it('does not fire exactly at the threshold, nor above it', () => {
    expect(rule(1000)).toBeUndefined();
    expect(rule(999)).toBeDefined();
    expect(rule(2000)).toBeUndefined();
  });

  it('follows NoDrainThreshold; 0 turns the rule off', () => {
    expect(rule(1500, [previous()], { NoDrainThreshold: 80 })?.textValue).toContain('below 1600 ml (80% of');
    expect(rule(0, [previous()], { NoDrainThreshold: 0 })).toBeUndefined();
  });

  it('is silent for the first exchange, after a dry abdomen, and after a gap longer than MaxDwellHours', () => {
    expect(rule(0, [])).toBeUndefined();
    expect(rule(0, [previous({ FillVolume: 0 })])).toBeUndefined();
    expect(rule(0, [previous({ DeviceLocalDate: '2025-03-08T12:00:00Z' })])).toBeUndefined();
  });

  it('replaces LowUfAlert in evaluateExchangeAlerts: a failed drain is not a low UF', () => {
    const alerts = evaluateExchangeAlerts(input({ exchange: exchange({ DrainVolume: 300 }) }));
    expect(alerts.map((alert) => alert.flag)).toEqual(['NoDrainAlert']);
    const lowUfOnly = evaluateExchangeAlerts(input({ exchange: exchange({ DrainVolume: 1500 }) }));
    expect(lowUfOnly.map((alert) => alert.flag)).toEqual(['LowUfAlert']);
  });
});
