import { LANGUAGES } from '@shared/language';
import type { settingsScreen } from '@shared/messages/settings-screen';
import { shell } from '@shared/messages/shell';
import type { SettingName } from '@shared/settings';

export type SettingInput =
  | { name: SettingName; kind: 'number' }
  /** `labels`: what each option shows, when not the stored value itself (a language's name). */
  | { name: SettingName; kind: 'unit'; options: readonly string[]; labels?: Readonly<Record<string, string>> }
  | { name: SettingName; kind: 'time' };

export interface SettingsGroup {
  id: keyof typeof settingsScreen.groups;
  inputs: readonly SettingInput[];
  /** DwellTime is decided at the global level only (spec section 3). */
  globalOnly?: boolean;
}

const number = (name: SettingName): SettingInput => ({ name, kind: 'number' });
const unit = (name: SettingName, options: readonly string[]): SettingInput => ({ name, kind: 'unit', options });

const TEMPERATURE_UNITS = ['C', 'F'] as const;
const WEIGHT_UNITS = ['KG', 'LB'] as const;
const PERIOD_UNITS = ['DAY', 'MONTH', 'YEAR'] as const;

/**
 * The settings as spec section 3 groups them (times, utilization, temperature, weight, blood
 * pressure and pulse, low UF, dwell time); the settings the spec does not list (docs/settings.md)
 * join the group of the alert they serve.
 */
export const settingsGroups: readonly SettingsGroup[] = [
  {
    id: 'times',
    inputs: ['DefaultFillTime', 'MinFillTime', 'MaxFillTime', 'DefaultDrainTime', 'MinDrainTime', 'MaxDrainTime'].map((name) => number(name as SettingName)),
  },
  { id: 'utilization', inputs: [number('UtilizationStatusGood'), number('UtilizationStatusFair'), number('UtilizationStatusLow')] },
  {
    id: 'temperature',
    inputs: [
      number('MinFillTemp'),
      number('MaxFillTemp'),
      unit('FillTempUnit', TEMPERATURE_UNITS),
      number('MaxDrainTemp'),
      number('MinDrainTemp'),
      unit('DrainTempUnit', TEMPERATURE_UNITS),
    ],
  },
  {
    id: 'weight',
    inputs: [
      number('WeightFromDryThreshold'),
      unit('WeightFromDryUnit', WEIGHT_UNITS),
      number('WeightRecentlyFromLastTime'),
      unit('WeightRecentlyFromLastTimeUnit', PERIOD_UNITS),
      number('WeightRecentlyIncreaseValueThreshold'),
      unit('WeightRecentlyIncreaseValueUnit', WEIGHT_UNITS),
    ],
  },
  {
    id: 'bloodPressure',
    inputs: ['BPminRangeLow', 'BPminRangeHigh', 'BPmaxRangeLow', 'BPmaxRangeHigh', 'PulseMinRange', 'PulseMaxRange'].map((name) => number(name as SettingName)),
  },
  { id: 'lowUf', inputs: [number('LowUFThreshold'), number('NoDrainThreshold'), number('MaxDwellHours')] },
  { id: 'otherAlerts', inputs: [number('TurbidityThreshold'), number('SkippedExchangeGraceTime')] },
  {
    id: 'escalation',
    inputs: [number('EscalateHighAfter'), number('EscalateHighDirectorAfter'), number('EscalateMediumAfter'), number('EscalateMediumDirectorAfter')],
  },
  { id: 'dwellTime', inputs: [{ name: 'DwellTime', kind: 'time' }], globalOnly: true },
  { id: 'language', inputs: [{ name: 'DefaultLanguage', kind: 'unit', options: LANGUAGES, labels: shell.languageNames }] },
];

/** Settings inputs hold at most three characters (spec section 9). */
export const SETTING_INPUT_LENGTH = 3;
