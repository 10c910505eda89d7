import type { live as english } from '../live';
import type { Translation } from '../translation';

export const live: Translation<typeof english> = {
  idTokenRequired: 'בהתחברות אין אסימון זיהוי (ID token) לעדכונים חיים; יש להיכנס מחדש',
};
