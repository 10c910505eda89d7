import type { session as english } from '../session';
import type { Translation } from '../translation';

export const session: Translation<typeof english> = {
  authenticationError: 'שגיאת אימות',
  wrongCredentials: 'שם משתמש או סיסמה שגויים',
  userDisabled: 'המשתמש מושבת',
  usernameRequired: 'שם משתמש הוא שדה חובה',
  passwordRequired: 'סיסמה היא שדה חובה',
  acceptTermsRequired: 'יש לאשר את התנאים וההגבלות',
  passwordRule: 'הסיסמה חייבת להכיל לפחות אחד מאלה: אותיות קטנות, אותיות גדולות, ספרות ו-[!,@,#,$,%,^,*,], באורך של 8 עד 20 תווים',
  passwordsMustMatch: 'הסיסמאות חייבות להיות זהות',
  authenticationCodeRequired: 'קוד אימות הוא שדה חובה',
  emailRequired: 'דוא"ל הוא שדה חובה',
  emailNotValid: 'כתובת הדוא"ל אינה תקינה',
  recoverySucceededTitle: 'השחזור הצליח',
  recoveryFailedTitle: 'השחזור נכשל',
  recoveryFailure: 'חשבון הדוא"ל שניסית להגיע אליו אינו קיים, נא לנסות שוב',
  recoverySuccess: 'תישלח אליך הודעת דוא"ל עם הסיסמה. אם ההודעה לא מופיעה, יש לבדוק בתיקיית דואר הזבל (ספאם)',
  captchaBlocked: 'נחסם על ידי ReCAPTCHA',
  captchaExpired: 'תוקף ReCAPTCHA פג, נא לרענן את הדף',
  captchaError: 'שגיאת ReCAPTCHA',
};
