import { z } from 'zod';
import { TIME_OF_DAY_PATTERN } from './device/schedule';
import { LANGUAGES, type Language } from './language';
import { settings } from './messages/settings';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { settings };

/**
 * Settings exist at three levels: global, per service provider and per clinic. The effective
 * value of a setting is the clinic's, else the provider's, else the global one. On the wire they
 * are a name/value list (spec section 3); in code they are a flat object.
 */

const numericSettingNames = [
  'DefaultFillTime',
  'MinFillTime',
  'MaxFillTime',
  'DefaultDrainTime',
  'MinDrainTime',
  'MaxDrainTime',
  'UtilizationStatusGood',
  'UtilizationStatusFair',
  'UtilizationStatusLow',
  'MinFillTemp',
  'MaxFillTemp',
  'MaxDrainTemp',
  'MinDrainTemp',
  'WeightFromDryThreshold',
  'WeightRecentlyFromLastTime',
  'WeightRecentlyIncreaseValueThreshold',
  'BPminRangeLow',
  'BPminRangeHigh',
  'BPmaxRangeLow',
  'BPmaxRangeHigh',
  'PulseMinRange',
  'PulseMaxRange',
  'LowUFThreshold',
  'NoDrainThreshold',
  'TurbidityThreshold',
  'SkippedExchangeGraceTime',
  'MaxDwellHours',
  'EscalateHighAfter',
  'EscalateHighDirectorAfter',
  'EscalateMediumAfter',
  'EscalateMediumDirectorAfter',
] as const;

export type NumericSettingName = (typeof numericSettingNames)[number];

const unitSettings = {
  FillTempUnit: ['C', 'F'],
  DrainTempUnit: ['C', 'F'],
  WeightFromDryUnit: ['KG', 'LB'],
  WeightRecentlyFromLastTimeUnit: ['DAY', 'MONTH', 'YEAR'],
  WeightRecentlyIncreaseValueUnit: ['KG', 'LB'],
} as const;

export type UnitSettingName = keyof typeof unitSettings;

const unitSettingNames = Object.keys(unitSettings) as UnitSettingName[];

/** The names of every setting, in the order the settings screen lists them. */
export const settingNames = [...numericSettingNames, ...unitSettingNames, 'DwellTime', 'DefaultLanguage'] as const;
export type SettingName = (typeof settingNames)[number];

export type Settings = { [K in NumericSettingName]: number } & {
  [K in UnitSettingName]: (typeof unitSettings)[K][number];
} & {
  DwellTime: string;
  /** The language a user sees who has not chosen one (docs/settings.md); not a device setting. */
  DefaultLanguage: Language;
};

/**
 * Global defaults, written on first start. Each value is a clinically usual one; the reasons are
 * in docs/settings.md.
 */
export const defaultSettings: Settings = {
  DefaultFillTime: 10,
  MinFillTime: 5,
  MaxFillTime: 20,
  DefaultDrainTime: 20,
  MinDrainTime: 10,
  MaxDrainTime: 30,
  UtilizationStatusGood: 80,
  UtilizationStatusFair: 50,
  UtilizationStatusLow: 0,
  MinFillTemp: 35,
  MaxFillTemp: 39,
  FillTempUnit: 'C',
  MaxDrainTemp: 38,
  MinDrainTemp: 34,
  DrainTempUnit: 'C',
  WeightFromDryThreshold: 2,
  WeightFromDryUnit: 'KG',
  WeightRecentlyFromLastTime: 3,
  WeightRecentlyFromLastTimeUnit: 'DAY',
  WeightRecentlyIncreaseValueThreshold: 2,
  WeightRecentlyIncreaseValueUnit: 'KG',
  BPminRangeLow: 60,
  BPminRangeHigh: 90,
  BPmaxRangeLow: 90,
  BPmaxRangeHigh: 140,
  PulseMinRange: 50,
  PulseMaxRange: 100,
  LowUFThreshold: 10,
  NoDrainThreshold: 50,
  TurbidityThreshold: 5,
  SkippedExchangeGraceTime: 120,
  MaxDwellHours: 24,
  EscalateHighAfter: 15,
  EscalateHighDirectorAfter: 30,
  EscalateMediumAfter: 240,
  EscalateMediumDirectorAfter: 240,
  DwellTime: '03:00',
  DefaultLanguage: 'en',
};

/** A step of an alert's escalation: first to the clinician on call, then to the ClinicDirector. */
export type EscalationStep = 'OnCall' | 'Director';

/**
 * Minutes an unresolved alert waits before a step of its escalation: for `OnCall` from when it
 * was raised, for `Director` from the on-call notice. Undefined when the step is off (0). A
 * severity-1 status is no alert, so there is nothing of it to escalate ('Low: never').
 */
export function escalationMinutes(settings: Settings, severity: 2 | 3, step: EscalationStep): number | undefined {
  const minutes =
    severity === 3
      ? step === 'OnCall'
        ? settings.EscalateHighAfter
        : settings.EscalateHighDirectorAfter
      : step === 'OnCall'
        ? settings.EscalateMediumAfter
        : settings.EscalateMediumDirectorAfter;
  return minutes > 0 ? minutes : undefined;
}

/** Settings inputs hold at most three characters (spec section 9), so values stay below 1000. */
const SETTING_INPUT_MAX = 999;

export const settingEntrySchema = z
  .object({
    name: z.enum(settingNames),
    value: z.union([z.number(), z.string().max(5)]),
  })
  .strict();

export type SettingEntry = z.infer<typeof settingEntrySchema>;

export const settingsListSchema = z.array(settingEntrySchema).max(settingNames.length);

/** Flattens the wire's name/value list into an object; later entries win. */
export function toSettingsObject(list: readonly SettingEntry[]): Partial<Record<SettingName, number | string>> {
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}

export function toSettingsList(settings: Partial<Record<SettingName, number | string>>): SettingEntry[] {
  return settingNames.filter((name) => settings[name] !== undefined).map((name) => ({ name, value: settings[name] as number | string }));
}

/** The effective settings: each value from the first level that has it, clinic over provider over global. */
export function effectiveSettings(...levels: Array<Partial<Settings> | undefined>): Settings {
  const merged: Partial<Settings> = {};
  for (const level of [...levels].reverse()) Object.assign(merged, definedOnly(level ?? {}));
  return { ...defaultSettings, ...merged };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}

export interface SettingsIssue {
  field: SettingName;
  message: string;
}

const minMaxPairs: Array<[NumericSettingName, NumericSettingName]> = [
  ['MinFillTime', 'MaxFillTime'],
  ['MinDrainTime', 'MaxDrainTime'],
  ['MinFillTemp', 'MaxFillTemp'],
  ['BPminRangeLow', 'BPminRangeHigh'],
  ['BPmaxRangeLow', 'BPmaxRangeHigh'],
  ['PulseMinRange', 'PulseMaxRange'],
];

const defaultWithin: Array<[NumericSettingName, NumericSettingName, NumericSettingName]> = [
  ['DefaultFillTime', 'MinFillTime', 'MaxFillTime'],
  ['DefaultDrainTime', 'MinDrainTime', 'MaxDrainTime'],
];

const timeBoundSettings = new Set<SettingName>(defaultWithin.flat());

export interface SettingsValidationOptions {
  /** A ServiceProviderAdmin skips the min/max fill and drain time checks (spec section 5). */
  skipTimeBounds?: boolean;
  /** Check only the settings present, as a partial update does; otherwise all are required. A setting sent empty is present. */
  partial?: boolean;
}

/**
 * Validates a settings object against the spec's rules and returns every issue with the spec's
 * message; an empty list means valid. Rules that relate two settings run when both are present.
 */
export function validateSettings(settings: Partial<Record<SettingName, unknown>>, options: SettingsValidationOptions = {}): SettingsIssue[] {
  const issues: SettingsIssue[] = [];
  const numbers: Partial<Record<NumericSettingName, number>> = {};
  // A partial update leaves out what it does not change; a setting it sends empty is refused like any other.
  const required = (name: SettingName) => !options.partial || settings[name] !== undefined;

  for (const name of numericSettingNames) {
    const raw = settings[name];
    if (raw === undefined || raw === null || raw === '') {
      if (required(name) && name !== 'UtilizationStatusLow') {
        issues.push({ field: name, message: messages.settings.empty(name) });
      }
      continue;
    }
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (!Number.isFinite(value)) {
      issues.push({ field: name, message: messages.settings.notANumber(name) });
    } else if (value < 0) {
      issues.push({ field: name, message: messages.settings.mustBePositive(name) });
    } else if (value > SETTING_INPUT_MAX) {
      issues.push({ field: name, message: messages.settings.maxValue(name, SETTING_INPUT_MAX) });
    } else {
      numbers[name] = value;
    }
  }

  for (const name of unitSettingNames) {
    const raw = settings[name];
    if (raw === undefined || raw === null || raw === '') {
      if (required(name)) issues.push({ field: name, message: messages.settings.empty(name) });
    } else if (!(unitSettings[name] as readonly unknown[]).includes(raw)) {
      issues.push({ field: name, message: messages.settings.unknownUnit(name) });
    }
  }

  // A level may leave the language to the one above it, so an empty value is no issue.
  const language = settings.DefaultLanguage;
  if (language !== undefined && language !== null && language !== '' && !(LANGUAGES as readonly unknown[]).includes(language)) {
    issues.push({ field: 'DefaultLanguage', message: messages.settings.unknownLanguage('DefaultLanguage') });
  }

  const dwell = settings.DwellTime;
  if (dwell === undefined || dwell === null || dwell === '') {
    if (required('DwellTime')) issues.push({ field: 'DwellTime', message: messages.settings.empty('DwellTime') });
  } else if (typeof dwell !== 'string' || !TIME_OF_DAY_PATTERN.test(dwell)) {
    issues.push({ field: 'DwellTime', message: messages.settings.notANumber('DwellTime') });
  }

  const skip = (name: SettingName) => options.skipTimeBounds && timeBoundSettings.has(name);

  for (const [minName, maxName] of minMaxPairs) {
    const min = numbers[minName];
    const max = numbers[maxName];
    if (min === undefined || max === undefined || min <= max || skip(minName)) continue;
    issues.push({ field: minName, message: messages.settings.maxValue(minName, max) });
    issues.push({ field: maxName, message: messages.settings.minValue(maxName, min) });
  }

  if (!options.skipTimeBounds) {
    for (const [defaultName, minName, maxName] of defaultWithin) {
      const value = numbers[defaultName];
      const min = numbers[minName];
      const max = numbers[maxName];
      if (value === undefined || min === undefined || max === undefined) continue;
      if (value < min || value > max) {
        issues.push({ field: defaultName, message: messages.settings.defaultBetween(defaultName, minName, maxName) });
      }
    }
  }

  const { UtilizationStatusGood: good, UtilizationStatusFair: fair, UtilizationStatusLow: low } = numbers;
  const descending = [good, fair, low].filter((v): v is number => v !== undefined);
  if (descending.some((value, i) => i > 0 && value >= descending[i - 1]!)) {
    issues.push({ field: 'UtilizationStatusGood', message: messages.settings.utilizationOrder });
  }

  return issues;
}

/** Parses a validated settings object into typed values (numbers as numbers). */
export function parseSettings(settings: Partial<Record<SettingName, unknown>>): Partial<Settings> {
  const parsed: Record<string, unknown> = {};
  for (const name of settingNames) {
    const raw = settings[name];
    if (raw === undefined || raw === null || raw === '') continue;
    parsed[name] = (numericSettingNames as readonly string[]).includes(name) ? Number(raw) : raw;
  }
  return parsed;
}

/** A request body carrying settings as the wire's name/value list, checked with the spec's rules. */
export function settingsPayloadSchema(options: SettingsValidationOptions = {}) {
  return z
    .object({ Settings: settingsListSchema })
    .strict()
    .superRefine(({ Settings }, ctx) => {
      for (const issue of validateSettings(toSettingsObject(Settings), options)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['Settings', issue.field], message: issue.message });
      }
    });
}
