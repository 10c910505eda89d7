import type { mails as english } from '../mails';
import type { Translation } from '../translation';

/** The account mails in Hebrew; the temporary password's line keeps its shape after the colon. */
export const mails: Translation<typeof english> = {
  recoverySubject: 'פורטל מרפאת PD: הסיסמה הזמנית שלך',
  recoveryText: (firstName, password) =>
    `שלום ${firstName},\n\nהסיסמה הזמנית שלך: ${password}\n\n` +
    'יש להיכנס איתה בתוך שעה; היא תקפה לכניסה אחת, ותתבקש/י לבחור סיסמה חדשה. ' +
    'עד אז הסיסמה הנוכחית שלך ממשיכה לעבוד. אם לא ביקשת זאת, אפשר להתעלם מהודעה זו.\n',
  accountSubject: 'פורטל מרפאת PD: החשבון שלך',
  accountText: (firstName, role, password) =>
    `שלום ${firstName},\n\nנפתח עבורך חשבון בפורטל מרפאת PD (${role}).\n` +
    `הסיסמה הזמנית שלך: ${password}\n\n` +
    'יש להיכנס עם כתובת הדואר האלקטרוני שלך וסיסמה זו; תתבקש/י לבחור סיסמה משלך.\n',
  emailChangedSubject: 'פורטל מרפאת PD: כתובת הכניסה שלך שונתה',
  emailChangedText: (firstName, when, changedBy, newEmail) =>
    `שלום ${firstName},\n\nב-${when} UTC מנהל/ת מערכת (${changedBy}) ` +
    `שינה/תה את כתובת הדואר האלקטרוני שאיתה את/ה נכנס/ת ל-${newEmail}, והתנתקת מכל המכשירים.\n\n` +
    'יש להיכנס עם הכתובת החדשה והסיסמה שלך; עד שתיכנס/י, לא תישלח אליה סיסמה לשחזור. ' +
    'אם לא ציפית לשינוי זה, אין להיכנס: יש לפנות מיד למרפאה או לספק השירות שלך.\n',
};
