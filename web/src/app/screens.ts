import type { ComponentType } from 'react';
import type { ScreenId } from '../config/routes';
import { CreatePasswordPage } from '../features/session/create-password-page';
import { LoginPage } from '../features/session/login-page';
import { PasswordRecoveryPage } from '../features/session/password-recovery-page';
import { TwoFactorPage } from '../features/session/two-factor-page';
import { preloadable } from './preloadable';

/** A screen's component; a lazily loaded one can be asked to load ahead of its first render. */
export type Screen = ComponentType & { preload?: () => Promise<unknown> };

/** One named export of a lazily loaded module as a screen: each screen is its own chunk (JS and CSS). */
const lazyScreen = <M>(load: () => Promise<M>, name: keyof M): Screen => preloadable(load, (module) => module[name] as ComponentType);

/**
 * The component of every screen of `config/routes.ts`. The compiler refuses a route without its
 * screen here (and a screen without its route). The session screens come with /login's own
 * bundle; every other screen loads when first opened.
 */
export const screens = {
  login: LoginPage,
  twoFactor: TwoFactorPage,
  createPassword: CreatePasswordPage,
  passwordRecovery: PasswordRecoveryPage,
  serviceProviders: lazyScreen(() => import('../features/admin/service-providers/service-providers-screen'), 'ServiceProvidersScreen'),
  createServiceProvider: lazyScreen(() => import('../features/admin/create-service-provider/create-service-provider-screen'), 'CreateServiceProviderScreen'),
  serviceProviderTabs: lazyScreen(() => import('../features/admin/service-provider-tabs/service-provider-tabs-screen'), 'ServiceProviderTabsScreen'),
  serviceProviderUsers: lazyScreen(() => import('../features/admin/service-provider-tabs/service-provider-tabs-screen'), 'ServiceProviderTabsScreen'),
  serviceProviderProfile: lazyScreen(() => import('../features/admin/service-provider-tabs/service-provider-tabs-screen'), 'ServiceProviderTabsScreen'),
  clinics: lazyScreen(() => import('../features/admin/clinics/clinics-screen'), 'ClinicsScreen'),
  createClinic: lazyScreen(() => import('../features/admin/create-clinic/create-clinic-screen'), 'CreateClinicScreen'),
  editClinic: lazyScreen(() => import('../features/admin/edit-clinic/edit-clinic-screen'), 'EditClinicScreen'),
  clinicTabs: lazyScreen(() => import('../features/admin/clinic-tabs/clinic-tabs-screen'), 'ClinicTabsScreen'),
  clinicTabsEdit: lazyScreen(() => import('../features/admin/clinic-tabs/clinic-tabs-screen'), 'ClinicTabsScreen'),
  clinicTabsDevices: lazyScreen(() => import('../features/admin/clinic-tabs/clinic-tabs-screen'), 'ClinicTabsScreen'),
  devices: lazyScreen(() => import('../features/admin/devices/devices-screen'), 'DevicesScreen'),
  deviceSettings: lazyScreen(() => import('../features/admin/device-settings/device-settings-screen'), 'DeviceSettingsScreen'),
  deviceErrors: lazyScreen(() => import('../features/admin/device-errors/device-errors-screen'), 'DeviceErrorsScreen'),
  deviceExchanges: lazyScreen(() => import('../features/admin/device-exchanges/device-exchanges-screen'), 'DeviceExchangesScreen'),
  users: lazyScreen(() => import('../features/admin/users/users-screen'), 'UsersScreen'),
  userTabs: lazyScreen(() => import('../features/admin/user-tabs/user-tabs-screen'), 'UserTabsScreen'),
  createUser: lazyScreen(() => import('../features/admin/create-user/create-user-screen'), 'CreateUserScreen'),
  editUser: lazyScreen(() => import('../features/admin/edit-user/edit-user-screen'), 'EditUserScreen'),
  settings: lazyScreen(() => import('../features/admin/settings/settings-screen'), 'SettingsScreen'),
  myProfile: lazyScreen(() => import('../features/admin/my-profile/my-profile-screen'), 'MyProfileScreen'),
  patients: lazyScreen(() => import('../features/clinical/patients/patients-screen'), 'PatientsScreen'),
  careTeamWeek: lazyScreen(() => import('../features/clinical/care-week/care-week-screen'), 'CareWeekScreen'),
  onCall: lazyScreen(() => import('../features/clinical/on-call/on-call-screen'), 'OnCallScreen'),
  addPatient: lazyScreen(() => import('../features/clinical/add-patient/add-patient-screen'), 'AddPatientScreen'),
  patient: lazyScreen(() => import('../features/clinical/patient/patient-screen'), 'PatientScreen'),
  patientExchanges: lazyScreen(() => import('../features/clinical/patient/patient-screen'), 'PatientScreen'),
  patientVisits: lazyScreen(() => import('../features/clinical/patient/patient-screen'), 'PatientScreen'),
  patientPrescription: lazyScreen(() => import('../features/clinical/patient/patient-screen'), 'PatientScreen'),
  patientProfile: lazyScreen(() => import('../features/clinical/patient/patient-screen'), 'PatientScreen'),
  history: lazyScreen(() => import('../features/audit/history/history-screen'), 'HistoryScreen'),
} satisfies Record<ScreenId, Screen>;
