import { z } from 'zod';
import type { Settings } from '../settings';
import { boundedNumber, deviceDateTimeSchema } from './common';
import { temperatureUnits } from './units';

/** MAC address: six hex pairs separated by colons (spec section 5, Patterns). */
export const macAddressSchema = z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'MAC address is not valid');

/**
 * The effective settings (clinic over provider over global) a device needs to run and check an
 * exchange by itself: fill and drain time bounds and the fill and drain temperature bounds.
 */
export const deviceSettingNames = [
  'DefaultFillTime',
  'MinFillTime',
  'MaxFillTime',
  'DefaultDrainTime',
  'MinDrainTime',
  'MaxDrainTime',
  'MinFillTemp',
  'MaxFillTemp',
  'FillTempUnit',
  'MinDrainTemp',
  'MaxDrainTemp',
  'DrainTempUnit',
] as const satisfies ReadonlyArray<keyof Settings>;

export type DeviceSettingName = (typeof deviceSettingNames)[number];

/** Settings inputs hold at most three characters (spec section 9). */
const settingValue = boundedNumber(0, 999);

export const deviceSettingsSchema = z
  .object({
    DefaultFillTime: settingValue,
    MinFillTime: settingValue,
    MaxFillTime: settingValue,
    DefaultDrainTime: settingValue,
    MinDrainTime: settingValue,
    MaxDrainTime: settingValue,
    MinFillTemp: settingValue,
    MaxFillTemp: settingValue,
    FillTempUnit: z.enum(temperatureUnits),
    MinDrainTemp: settingValue,
    MaxDrainTemp: settingValue,
    DrainTempUnit: z.enum(temperatureUnits),
  })
  .strict();

/**
 * What the backend publishes on `pd/devices/{serial}/down/settings`: the paired blood pressure
 * monitor and scale (null when none is paired) and the effective settings. Times are minutes,
 * temperatures in their unit settings.
 */
export const deviceSettingsMessageSchema = z
  .object({
    BloodMAC: macAddressSchema.nullable(),
    ScaleMAC: macAddressSchema.nullable(),
    Settings: deviceSettingsSchema,
    Time: deviceDateTimeSchema,
  })
  .strict();

export type DeviceSettingsMessage = z.infer<typeof deviceSettingsMessageSchema>;

/** Builds the settings message from a device's record and the effective settings; an empty MAC is sent as null. */
export function toDeviceSettingsMessage(input: { BloodMAC?: string | null; ScaleMAC?: string | null; settings: Settings; time: Date }): DeviceSettingsMessage {
  const Settings = Object.fromEntries(deviceSettingNames.map((name) => [name, input.settings[name]])) as Pick<Settings, DeviceSettingName>;
  return deviceSettingsMessageSchema.parse({
    BloodMAC: input.BloodMAC || null,
    ScaleMAC: input.ScaleMAC || null,
    Settings,
    Time: input.time.toISOString(),
  });
}
