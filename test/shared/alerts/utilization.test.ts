import { deviceUtilizationColour, prescriptionUtilization, utilizationBand, utilizationPercent } from '@shared/alerts';
import { settings } from './support';

describe('utilizationBand (spec section 4, Utilization bands)', () => {
  const bands = settings({ UtilizationStatusGood: 80, UtilizationStatusFair: 50 });

  it('is Good from 100 down to the Good threshold, included', () => {
    expect(utilizationBand(100, bands)).toBe('Good');
    expect(utilizationBand(80, bands)).toBe('Good');
  });

  it('is Fair below the Good threshold down to the Fair threshold, included', () => {
    expect(utilizationBand(79.9, bands)).toBe('Fair');
    expect(utilizationBand(50, bands)).toBe('Fair');
  });

  it('is Low below the Fair threshold down to 0', () => {
    expect(utilizationBand(49.9, bands)).toBe('Low');
    expect(utilizationBand(0, bands)).toBe('Low');
  });

  it('follows the settings', () => {
    expect(utilizationBand(85, settings({ UtilizationStatusGood: 90, UtilizationStatusFair: 70 }))).toBe('Fair');
  });
});

describe('deviceUtilizationColour (green 1-20, yellow above 20, red above 50)', () => {
  it.each([
    [1, 'green'],
    [20, 'green'],
    [20.5, 'yellow'],
    [21, 'yellow'],
    [50, 'yellow'],
    [51, 'red'],
    [100, 'red'],
  ])('%p is %p', (value, colour) => {
    expect(deviceUtilizationColour(value)).toBe(colour);
  });

  it('shows no icon below 1 or without a value', () => {
    expect(deviceUtilizationColour(0)).toBeUndefined();
    expect(deviceUtilizationColour(0.5)).toBeUndefined();
    expect(deviceUtilizationColour(null)).toBeUndefined();
    expect(deviceUtilizationColour(undefined)).toBeUndefined();
  });
});

describe('utilizationPercent and prescriptionUtilization', () => {
  it('is performed over prescribed, capped at 100, undefined with nothing prescribed', () => {
    expect(utilizationPercent(4, 3)).toBe(75);
    expect(utilizationPercent(4, 6)).toBe(100);
    expect(utilizationPercent(4, 0)).toBe(0);
    expect(utilizationPercent(0, 2)).toBeUndefined();
  });

  it('counts the prescribed slots and the exchanges of the window', () => {
    const prescription = {
      Exchanges: [{ ExchangeDaysFrequency: ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'], ExchangeTime: ['08:00', '20:00'] }],
      patientTimeZone: 'UTC',
      Created_UTC: '2025-03-01T00:00:00Z',
    };
    const result = prescriptionUtilization({
      prescription,
      exchanges: [
        { DeviceLocalDate: '2025-03-09T23:00:00Z' }, // before the window
        { DeviceLocalDate: '2025-03-10T08:10:00Z' },
        { DeviceLocalDate: '2025-03-10T20:05:00Z' },
        { DeviceLocalDate: '2025-03-11T08:00:00Z' },
      ],
      from: new Date('2025-03-10T00:00:00Z'),
      to: new Date('2025-03-12T00:00:00Z'),
    });
    expect(result).toEqual({ prescribed: 4, performed: 3, utilization: 75 });
  });

  it('does not count slots before the prescription was made', () => {
    const result = prescriptionUtilization({
      prescription: { Exchanges: [{ ExchangeDaysFrequency: ['MO', 'TU'], ExchangeTime: ['08:00'] }], Created_UTC: '2025-03-11T00:00:00Z' },
      exchanges: [{ DeviceLocalDate: '2025-03-11T08:00:00Z' }],
      from: new Date('2025-03-10T00:00:00Z'),
      to: new Date('2025-03-12T00:00:00Z'),
    });
    expect(result).toEqual({ prescribed: 1, performed: 1, utilization: 100 });
  });
});
