import type { clinics as english } from '../clinics';
import type { Translation } from '../translation';

export const clinics: Translation<typeof english> = {
  clinicNameRequired: 'שם המרפאה הוא שדה חובה',
  phoneRequired: 'טלפון הוא שדה חובה',
  phoneNotValid: 'מספר הטלפון אינו תקין',
  countryRequired: 'מדינה היא שדה חובה',
  cityRequired: 'עיר היא שדה חובה',
  streetRequired: 'רחוב הוא שדה חובה',
  emailRequired: 'דוא"ל הוא שדה חובה',
  emailNotValid: 'כתובת הדוא"ל אינה תקינה',
  imageTooLarge: 'גודל התמונה יכול להיות עד 1MB',
  imageNotValid: 'התמונה אינה תקינה',
  tooLong: (label) => `השדה ${label} יכול להכיל עד 100 תווים`,
};
