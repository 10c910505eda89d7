export const settings = {
  empty: (field: string) => `${field} is empty`,
  mustBePositive: (field: string) => `${field} must be bigger than 0`,
  defaultBetween: (field: string, min: string, max: string) => `${field} ${field} must be between ${min} and ${max}`,
  maxValue: (field: string, max: number) => `${field} max value is ${max}`,
  minValue: (field: string, min: number) => `${field} min value is ${min}`,
  utilizationOrder: 'Utilization status values must be in descending order from GOOD to LOW',
  notANumber: (field: string) => `${field} must be a number`,
  unknownUnit: (field: string) => `${field} is not a valid unit`,
  /** Not a spec text: a default language the portal does not have. */
  unknownLanguage: (field: string) => `${field} is not a language of the portal`,
} as const;
