import type { errors as english } from '../errors';
import type { Translation } from '../translation';

export const errors: Translation<typeof english> = {
  notFound: '404 הדף לא נמצא',
  pageNotFound: 'מצטערים, הדף אינו זמין',
  noAccess: (thing) => `שגיאה: למשתמש המחובר אין גישה אל ${thing}.`,
  noExchangeUpdatePermission: 'למשתמש המחובר אין הרשאה לעדכן החלפה',
  missingProviderId: 'נדרש מזהה ספק שירות כדי לקבל את ההגדרות',
  noPermission: 'אין לך הרשאה לבצע פעולה זו',
  alreadyRegistered: (field) => `${field} כבר רשום במערכת.`,
  malformedRequest: 'הבקשה אינה תקינה',
  internal: 'משהו השתבש, נא לנסות שוב',
  unavailable: 'הפורטל מפעיל מחדש את אחד השירותים, נא לנסות שוב בעוד כמה שניות',
  emptyList: 'אין פריטים התואמים לחיפוש',
};
