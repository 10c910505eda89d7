import type { shell as english } from '../shell';
import type { Translation } from '../translation';

export const shell: Translation<typeof english> = {
  layoutLabels: {
    navigation: 'ניווט',
    navigationClose: 'סגירת הניווט',
    navigationToggle: 'פתיחת הניווט',
    notifications: 'הודעות',
  },
  about: 'אודות',
  aboutTitle: 'אודות',
  logOut: 'יציאה',
  lastLoginAt: (date) => `כניסה אחרונה: ${date}`,
  activatedDevices: 'מכשירים פעילים',
  activatedClinics: 'מרפאות פעילות',
  totalExchanges: 'סך כל ההחלפות',
  twoFactorMenuItem: 'אימות דו-שלבי',
  adminNavigation: 'ניהול',
  clinicalNavigation: 'מרפאה',
  copyright: '© LiberDi',
  terms: 'תנאים והגבלות',
  frontendVersion: (version) => `גרסת הממשק ${version}`,
  backendVersion: (version) => `גרסת השרת ${version}`,
  loading: 'בטעינה',
  language: 'שפה',
  tabsScroll: { left: 'הכרטיסיות הקודמות', right: 'הכרטיסיות הבאות' },
  overflowMenu: { trigger: 'עוד', title: 'הכול' },
  languageNames: { en: 'English', he: 'עברית' },
};
