import type { ExchangeAlertInput, ExchangeObservation } from '@shared/alerts';
import { defaultSettings, type Settings } from '@shared/settings';

/** An unremarkable exchange: every rule is silent for it with the default settings. */
export function exchange(overrides: Partial<ExchangeObservation> = {}): ExchangeObservation {
  return {
    _id: 'ex-now',
    DeviceLocalDate: '2025-03-10T12:00:00Z',
    ExchangeFluid: 'DIAneal 1.36%',
    FillVolume: 2000,
    DrainVolume: 2250,
    DrainTemp: 36.9,
    TempUnit: 'C',
    WeightUnit: 'KG',
    ...overrides,
  };
}

/** The exchange before `exchange()`: four hours earlier, 2000 ml of the same fluid. */
export function previous(overrides: Partial<ExchangeObservation> = {}): ExchangeObservation {
  return exchange({ _id: 'ex-previous', DeviceLocalDate: '2025-03-10T08:00:00Z', ...overrides });
}

export function settings(overrides: Partial<Settings> = {}): Settings {
  return { ...defaultSettings, ...overrides };
}

export function input(overrides: Partial<ExchangeAlertInput> = {}): ExchangeAlertInput {
  return { exchange: exchange(), history: [previous()], patient: { TargetWeight: 70 }, settings: settings(), ...overrides };
}
