/** Not spec texts: the FHIR R4 export of a patient (docs/fhir.md). */
export const fhir = {
  exportButton: 'Export FHIR',
  dialogTitle: 'Export FHIR',
  dialogDescription: "A FHIR R4 Bundle of the patient, the device and the exchanges' measurements of the period (UTC days).",
  from: 'From',
  to: 'To',
  export: 'Export',
  cancel: 'Cancel',
  dateNotValid: (label: string) => `${label} must be a date (yyyy-mm-dd)`,
  fromAfterTo: 'From must be on or before To',
  periodTooLong: (days: number) => `The period can be at most ${days} days`,
  tooManyExchanges: (max: number) => `The period holds more than ${max} exchanges; choose a shorter period`,
} as const;
