import type { history as english } from '../history';
import type { Translation } from '../translation';

export const history: Translation<typeof english> = {
  title: 'היסטוריה',
  filters: 'מסננים',
  description: 'מי צפה במה או שינה מה, מתי ומאיפה. הרשומות נשמרות שש שנים ולעולם אינן משתנות.',
  month: 'חודש',
  person: 'אדם (מזהה משתמש)',
  patient: 'מטופל (מזהה מטופל)',
  apply: 'הצגה',
  columns: {
    at: 'מתי',
    user: 'מי',
    role: 'תפקיד',
    action: 'פעולה',
    entity: 'מה',
    id: 'מזהה',
    changes: 'שדות ששונו',
    patient: 'מטופל',
    source: 'מאיפה',
  },
  read: 'צפייה',
  write: 'שינוי',
};
