/** Every route path of the web, in one place (spec section 2). */
export const paths = {
  home: '/',
  login: '/login',
  twoFactor: '/2fa',
  createPassword: '/create-password',
  passwordRecovery: '/password-recovery',
  serviceProviders: '/sp',
  clinics: '/clinics',
  devices: '/devices',
  users: '/users',
  settings: '/settings',
  myProfile: '/myprofile',
  patients: '/patients',
  addPatient: '/addPatient',
} as const;

/** Where the guard sends a signed-out visitor, and what it remembers to return to after sign-in. */
export interface ReturnTo {
  pathname: string;
  search?: string;
  hash?: string;
}

/** The navigation state the session screens pass along: the location to return to after sign-in. */
export interface SessionNavigationState {
  from?: ReturnTo;
}
