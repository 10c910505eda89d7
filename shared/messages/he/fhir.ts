import type { fhir as english } from '../fhir';
import type { Translation } from '../translation';

export const fhir: Translation<typeof english> = {
  exportButton: 'ייצוא FHIR',
  dialogTitle: 'ייצוא FHIR',
  dialogDescription: 'Bundle של FHIR R4 הכולל את המטופל, את המכשיר ואת מדידות ההחלפות בתקופה (ימים לפי UTC).',
  from: 'מתאריך',
  to: 'עד תאריך',
  export: 'ייצוא',
  cancel: 'ביטול',
  dateNotValid: (label) => `השדה ${label} חייב להכיל תאריך (yyyy-mm-dd)`,
  fromAfterTo: '"מתאריך" חייב להיות לפני "עד תאריך" או זהה לו',
  periodTooLong: (days) => `התקופה יכולה להיות ${days} ימים לכל היותר`,
  tooManyExchanges: (max) => `בתקופה יש יותר מ-${max} החלפות; יש לבחור תקופה קצרה יותר`,
};
