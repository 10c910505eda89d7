import type { navigation as english } from '../navigation';
import type { Translation } from '../translation';

export const navigation: Translation<typeof english> = {
  serviceProviders: 'ספקי שירות',
  clinics: 'מרפאות',
  devices: 'מכשירים',
  users: 'משתמשים',
  settings: 'הגדרות מערכת',
  myProfile: 'פרופיל מנהל/ת',
  patients: 'רשימת מטופלים',
  addPatient: 'הוספת מטופל',
  history: 'היסטוריה',
};
