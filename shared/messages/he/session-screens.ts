import type { sessionScreens as english } from '../session-screens';
import type { Translation } from '../translation';

export const sessionScreens: Translation<typeof english> = {
  productName: 'PD Clinic Portal',
  loginTitle: 'כניסה למערכת',
  userId: 'מזהה משתמש',
  password: 'סיסמה',
  acceptTerms: 'אישור התנאים וההגבלות',
  login: 'כניסה',
  forgotPassword: 'שכחתי את הסיסמה',
  twoFactorTitle: 'אימות דו-שלבי',
  twoFactorDescription: 'יש להזין את הקוד בן 6 הספרות מאפליקציית האימות.',
  authenticationCode: 'קוד אימות',
  verify: 'אימות',
  createPasswordTitle: 'יצירת סיסמה חדשה',
  newPassword: 'סיסמה חדשה',
  confirmPassword: 'אימות הסיסמה',
  save: 'שמירה',
  recoveryTitle: 'שחזור סיסמה',
  recoveryDescription: 'יש להזין את כתובת הדוא"ל של החשבון; תישלח אליה סיסמה זמנית.',
  email: 'דוא"ל',
  send: 'שליחה',
  didNotGetEmail: 'לא קיבלתי הודעת דוא"ל',
  backToLogin: 'חזרה לכניסה',
};
