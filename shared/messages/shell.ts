/** The top bar, navigation, footer and dialogs of the signed-in portal (spec sections 1 and 2). */
export const shell = {
  /** Not spec texts: the names screen readers give the layout's own buttons and regions. */
  layoutLabels: {
    navigation: 'Navigation',
    navigationClose: 'Close navigation',
    navigationToggle: 'Open navigation',
    notifications: 'Notifications',
  },
  about: 'ABOUT',
  aboutTitle: 'About',
  logOut: 'Log Out',
  lastLoginAt: (date: string) => `Last login at ${date}`,
  activatedDevices: 'Activated devices',
  activatedClinics: 'Activated clinics',
  totalExchanges: 'Total exchanges',
  twoFactorMenuItem: 'Two-factor authentication',
  adminNavigation: 'Administration',
  clinicalNavigation: 'Clinic',
  copyright: '© LiberDi',
  terms: 'Terms & Conditions',
  frontendVersion: (version: string) => `Frontend version ${version}`,
  backendVersion: (version: string) => `Backend version ${version}`,
  loading: 'Loading',
  /** Not spec texts: the user menu's choice of language; each language is named in its own words, in both catalogues. */
  language: 'Language',
  /**
   * Not spec texts: the buttons that scroll a row of tabs too wide for the screen (a patient's
   * tabs on a tablet). Named by order, not side: in Hebrew the row runs the other way.
   */
  tabsScroll: { left: 'Previous tabs', right: 'Next tabs' },
  /** Not spec texts: the top bar's menu of the utilities that do not fit a narrow window. */
  overflowMenu: { trigger: 'More', title: 'All' },
  languageNames: { en: 'English', he: 'עברית' },
} as const;
