import type { navigation } from '@shared/messages/navigation';
import type { Role } from '@shared/roles';

const LIBERDI: readonly Role[] = ['LiberDiAdmin'];
const PROVIDER_ADMINS: readonly Role[] = ['ServiceProviderAdmin', 'LiberDiAdmin'];
const CLINICAL: readonly Role[] = ['Doctor', 'Nurse', 'ClinicDirector'];

/** What the router and the navigation need to know of a screen, apart from its component. */
export interface ScreenRoute {
  /** react-router's path pattern. */
  path: string;
  /** 'open' screens need no session (they decide themselves where a signed-in visitor goes). */
  access: 'open' | readonly Role[];
  /**
   * The navigation link's label, as its key in `messages.navigation` (read when the links show, so
   * they follow the language); the links show in this table's order (the spec's, section 2).
   */
  nav?: keyof typeof navigation;
  /** Query parameters the screen cannot do without (`?clinicId=`): its path builder asks for them. */
  query?: readonly string[];
  /** Query parameters that narrow the screen (spec 2: lists accept clinicId and spId). */
  optionalQuery?: readonly string[];
}

/**
 * Every screen of the web, one entry each (spec section 2). The router (`app/screens.ts`) must give
 * each id its component and the compiler refuses an id without one, so a screen is never half
 * registered. Links and guards are read from here too.
 */
export const routes = {
  login: { path: '/login', access: 'open' },
  twoFactor: { path: '/2fa', access: 'open' },
  createPassword: { path: '/create-password', access: 'open' },
  passwordRecovery: { path: '/password-recovery', access: 'open' },
  serviceProviders: { path: '/sp', access: LIBERDI, nav: 'serviceProviders', optionalQuery: ['spId'] },
  createServiceProvider: { path: '/sp/createsp', access: LIBERDI },
  /** The provider's tabs: clinics (the base path), users and admin (profile); one path per tab. */
  serviceProviderTabs: { path: '/sp/sptabs', access: LIBERDI, query: ['spId'] },
  serviceProviderUsers: { path: '/sp/sptabs/users', access: LIBERDI, query: ['spId'] },
  serviceProviderProfile: { path: '/sp/sptabs/profile', access: LIBERDI, query: ['spId'] },
  clinics: { path: '/clinics', access: PROVIDER_ADMINS, nav: 'clinics', optionalQuery: ['spId'] },
  createClinic: { path: '/clinics/createclinic', access: ['ServiceProviderAdmin'] },
  editClinic: { path: '/clinics/editclinic', access: PROVIDER_ADMINS, query: ['clinicId'] },
  /** The clinic's tabs: users (the base path), admin/edit clinic and devices (LiberDiAdmin); one path per tab. */
  clinicTabs: { path: '/clinics/clinictabs', access: PROVIDER_ADMINS, query: ['clinicId'] },
  clinicTabsEdit: { path: '/clinics/clinictabs/editclinic', access: PROVIDER_ADMINS, query: ['clinicId'] },
  clinicTabsDevices: { path: '/clinics/clinictabs/devices', access: LIBERDI, query: ['clinicId'] },
  devices: { path: '/devices', access: LIBERDI, nav: 'devices', optionalQuery: ['clinicId', 'spId'] },
  deviceSettings: { path: '/device/settings', access: LIBERDI, query: ['deviceId'] },
  deviceErrors: { path: '/device/errors', access: LIBERDI, query: ['deviceId'] },
  deviceExchanges: { path: '/device/exchanges', access: LIBERDI, query: ['deviceId'] },
  users: { path: '/users', access: ['ServiceProviderAdmin', 'LiberDiAdmin', 'ClinicAdmin'], nav: 'users', optionalQuery: ['clinicId', 'spId'] },
  /** A user's tabs: one profile tab (shown to the provider and platform admins; the route is open to ClinicAdmin too). */
  userTabs: { path: '/users/usertabs', access: ['ServiceProviderAdmin', 'LiberDiAdmin', 'ClinicAdmin'], query: ['userId'] },
  createUser: { path: '/users/createuser', access: ['ServiceProviderAdmin', 'ClinicAdmin'], optionalQuery: ['clinicId'] },
  editUser: { path: '/users/edituser', access: ['ServiceProviderAdmin', 'LiberDiAdmin', 'ClinicAdmin'], query: ['userId'] },
  settings: { path: '/settings', access: PROVIDER_ADMINS, nav: 'settings', optionalQuery: ['spId'] },
  myProfile: { path: '/myprofile', access: ['ServiceProviderAdmin', 'ClinicAdmin'], nav: 'myProfile' },
  patients: { path: '/patients', access: CLINICAL, nav: 'patients' },
  addPatient: { path: '/addPatient', access: CLINICAL, nav: 'addPatient' },
  /** Beyond the spec, reached from /patients ('This week'): the ClinicDirector's week of the care team. */
  careTeamWeek: { path: '/patients/week', access: ['ClinicDirector'], optionalQuery: ['week'] },
  /** Beyond the spec, reached from /patients ('On-call rota'): who receives the escalated alerts. */
  onCall: { path: '/patients/oncall', access: ['ClinicDirector'] },
  /**
   * The patient screen (spec section 2 "Patient area") and its tabs, one path each so a link,
   * a reload and a sign-in redirect land on the same tab. The patient is in the query (the spec's
   * navigation state would not survive a reload).
   */
  patient: { path: '/patient', access: CLINICAL, query: ['patientId'] },
  patientExchanges: { path: '/patient/exchanges', access: CLINICAL, query: ['patientId'] },
  patientVisits: { path: '/patient/visits', access: CLINICAL, query: ['patientId'] },
  patientPrescription: { path: '/patient/prescription', access: CLINICAL, query: ['patientId'] },
  patientProfile: { path: '/patient/profile', access: CLINICAL, query: ['patientId'] },
  /** Beyond the spec, so not among the spec's navigation links: reached from the user menu. */
  history: { path: '/history', access: ['LiberDiAdmin', 'ServiceProviderAdmin', 'ClinicDirector'], optionalQuery: ['patientId'] },
} as const satisfies Record<string, ScreenRoute>;

export type ScreenId = keyof typeof routes;

type Keys<R, K extends 'query' | 'optionalQuery'> = R extends { [P in K]: readonly (infer Q extends string)[] } ? Q : never;
type QueryOf<R> = { [Q in Keys<R, 'query'>]: string } & { [Q in Keys<R, 'optionalQuery'>]?: string };

/** A screen's link: no argument, or its query (required keys first-class, optional ones may be left out). */
export type PathBuilder<R> = [Keys<R, 'query'>] extends [never]
  ? [Keys<R, 'optionalQuery'>] extends [never]
    ? () => string
    : (query?: QueryOf<R>) => string
  : (query: QueryOf<R>) => string;

function buildHref(path: string, query: Record<string, string | undefined> = {}): string {
  const present = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return present.length ? `${path}?${new URLSearchParams(present)}` : path;
}

/**
 * Typed links to every screen: `paths.patients()`, `paths.users({ clinicId })`,
 * `paths.clinicTabs({ clinicId })`. A screen's required query cannot be forgotten.
 */
export const paths = Object.fromEntries(
  Object.entries(routes).map(([id, route]) => [id, (query?: Record<string, string | undefined>) => buildHref(route.path, query)]),
) as unknown as { [Id in ScreenId]: PathBuilder<(typeof routes)[Id]> };

/** The root: it redirects to the role's first navigation link. */
export const HOME = '/';
