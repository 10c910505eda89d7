import type { users as english } from '../users';
import type { Translation } from '../translation';

export const users: Translation<typeof english> = {
  firstNameRequired: 'שם פרטי הוא שדה חובה',
  lastNameRequired: 'שם משפחה הוא שדה חובה',
  emailRequired: 'דוא"ל הוא שדה חובה',
  emailNotValid: 'כתובת הדוא"ל אינה תקינה',
  phoneRequired: 'טלפון הוא שדה חובה',
  phoneNotValid: 'מספר הטלפון אינו תקין',
  roleRequired: 'תפקיד הוא שדה חובה',
  clinicRequired: 'מרפאה משויכת היא שדה חובה',
  roleNotValid: 'התפקיד אינו תקין',
  clinicHasAdmin: 'למרפאה כבר יש מנהל/ת מערכת',
  notCreated: 'המשתמש לא נוצר',
  saved: 'המשתמש נשמר',
};
