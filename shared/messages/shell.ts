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
} as const;
