/** Units the devices and the settings use (spec section 3, Settings). */
export const temperatureUnits = ['C', 'F'] as const;
export type TemperatureUnit = (typeof temperatureUnits)[number];

export const weightUnits = ['KG', 'LB'] as const;
export type WeightUnit = (typeof weightUnits)[number];

/** The international avoirdupois pound, exactly. */
export const KG_PER_LB = 0.45359237;

export const unitSymbols = { C: '°C', F: '°F', KG: 'kg', LB: 'lb' } as const satisfies Record<TemperatureUnit | WeightUnit, string>;

export function convertWeight(value: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return value;
  return from === 'LB' ? value * KG_PER_LB : value / KG_PER_LB;
}

export function convertTemperature(value: number, from: TemperatureUnit, to: TemperatureUnit): number {
  if (from === to) return value;
  return from === 'F' ? ((value - 32) * 5) / 9 : (value * 9) / 5 + 32;
}
