import type { onCall as english } from '../on-call';
import type { Translation } from '../translation';

export const onCall: Translation<typeof english> = {
  title: 'כוננות',
  open: 'סידור כוננויות',
  description: 'מי מקבל התראות שלא טופלו כשאיש אינו צופה בפורטל: בדוא"ל וב-SMS, לאחר הזמנים שנקבעו בהגדרות ההסלמה.',
  addShift: 'הוספת משמרת',
  add: 'הוספה',
  cancel: 'ביטול',
  remove: 'הסרה',
  removeShift: (name) => `להסיר את המשמרת של ${name}?`,
  empty: 'אין כוננים מעתה והלאה',
  columns: {
    name: 'כונן/ית',
    from: 'התחלה',
    to: 'סיום',
    email: 'דוא"ל',
    phone: 'טלפון',
    actions: 'פעולות',
  },
  fields: {
    UserID: 'איש/אשת צוות',
    From: 'התחלה',
    To: 'סיום',
    Email: 'דוא"ל',
    Phone: 'טלפון',
  },
  dateOf: (label) => `תאריך ${label}`,
  timeOf: (label) => `שעת ${label}`,
  clinicianRequired: 'יש לבחור איש/אשת צוות',
  clinicianNotInClinic: 'איש/אשת הצוות אינו רשום כמשתמש במרפאה זו',
  fromRequired: 'התחלה היא שדה חובה',
  toRequired: 'סיום הוא שדה חובה',
  timeNotValid: (label) => `השדה ${label} אינו מכיל זמן תקין`,
  fromBeforeTo: 'ההתחלה חייבת להיות לפני הסיום',
  tooLong: (days) => `משמרת נמשכת ${days} ימים לכל היותר`,
  endsInThePast: 'המשמרת כבר הסתיימה',
  overlaps: (name, from, to) => `המשמרת חופפת למשמרת של ${name} מ-${from} עד ${to}`,
  changedMeanwhile: 'סידור הכוננויות שונה בינתיים; יש לטעון אותו מחדש',
  emailRequired: 'דוא"ל הוא שדה חובה',
  emailNotValid: 'כתובת הדוא"ל אינה תקינה',
  phoneRequired: 'טלפון הוא שדה חובה',
  phoneNotValid: 'מספר הטלפון אינו תקין',
  noticeSubject: 'PD Clinic Portal: התראה ממתינה לך',
  noticeText: (patientRef, count, minutes, link) =>
    `${count === 1 ? 'התראה' : `${count} התראות`} של המטופל ${patientRef} ${count === 1 ? 'ממתינה' : 'ממתינות'} לטיפול כבר ${minutes} דקות.\n` +
    `יש לפתוח את מסך המטופל (לאחר כניסה למערכת) כדי לבדוק: ${link}\n` +
    'פתיחת הקישור, או ניקוי ההתראה, עוצרת את שליחת ההודעות הבאות.\n',
  noticeSms: (patientRef, link) => `PD portal: התראה שלא טופלה, מטופל ${patientRef}. ${link}`,
  acknowledged: 'מסך המטופל נפתח מהודעת התראה: קבלת ההודעה אושרה.',
};
