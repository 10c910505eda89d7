import type { careWeek as english } from '../care-week';
import type { Translation } from '../translation';

export const careWeek: Translation<typeof english> = {
  title: 'השבוע',
  open: 'השבוע',
  description:
    'השבוע של כל מטופל, מיום שני עד יום ראשון לפי אזור הזמן של המטופל: ההחלפות שבוצעו לעומת אלה שנקבעו במרשם עד כה, התראות שנוצרו ונוקו, ביקורים שנסגרו, ומי ניקה מה.',
  weekOf: (week, monday, sunday) => `שבוע ${week}: ${monday} עד ${sunday}`,
  previousWeek: 'השבוע הקודם',
  nextWeek: 'השבוע הבא',
  currentWeek: 'השבוע הנוכחי',
  columns: {
    patientName: 'מטופל',
    adherence: 'היענות (%)',
    exchanges: 'החלפות שבוצעו',
    prescribed: 'החלפות שנקבעו במרשם עד כה',
    alertsRaised: 'התראות שנוצרו',
    alertsCleared: 'התראות שנוקו',
    visitsClosed: 'ביקורים שנסגרו',
    clearedBy: 'מי ניקה מה',
  },
  // Passive voice, so the sentence does not depend on the clinician's gender.
  cleared: (name, count, flags, day) => `${name}: ${count} ${count === 1 ? 'התראה נוקתה' : 'התראות נוקו'} (${flags}) ב-${day}`,
  nothingDue: 'עדיין לא הגיע מועדה של אף החלפה',
  // A file name, kept in Latin letters so it travels well between systems.
  csvFileName: (week) => `care-team-week-${week}.csv`,
  weekNotValid: 'השבוע חייב להיות שבוע ISO בתבנית yyyy-Www',
};
