import { messages } from '../../../shared/messages';
import { ADMIN_ROLES, type Role } from '../../../shared/roles';
import { paths } from './paths';

export interface NavigationLink {
  path: string;
  label: string;
  roles: readonly Role[];
}

const m = messages.navigation;

/**
 * The navigation links by role, exactly as the spec's table (section 2), in its order: a role's
 * first link is where `/` takes it. The router guards each route with the same roles.
 */
export const navigationLinks: readonly NavigationLink[] = [
  { path: paths.serviceProviders, label: m.serviceProviders, roles: ['LiberDiAdmin'] },
  { path: paths.clinics, label: m.clinics, roles: ['ServiceProviderAdmin', 'LiberDiAdmin'] },
  { path: paths.devices, label: m.devices, roles: ['LiberDiAdmin'] },
  { path: paths.users, label: m.users, roles: ['ServiceProviderAdmin', 'LiberDiAdmin', 'ClinicAdmin'] },
  { path: paths.settings, label: m.settings, roles: ['ServiceProviderAdmin', 'LiberDiAdmin'] },
  { path: paths.myProfile, label: m.myProfile, roles: ['ServiceProviderAdmin', 'ClinicAdmin'] },
  { path: paths.patients, label: m.patients, roles: ['Doctor', 'Nurse', 'ClinicDirector'] },
  { path: paths.addPatient, label: m.addPatient, roles: ['Doctor', 'Nurse', 'ClinicDirector'] },
];

export function linksFor(role: Role): NavigationLink[] {
  return navigationLinks.filter((link) => link.roles.includes(role));
}

/** The first navigation link the role may see: where `/` redirects. */
export function homeFor(role: Role): string {
  return linksFor(role)[0]?.path ?? paths.login;
}

export const isAdminRole = (role: Role) => ADMIN_ROLES.includes(role);

/** Whether the role may open a path: one of its links, or a screen below one of them. */
export function canOpen(role: Role, pathname: string): boolean {
  if (pathname === paths.home) return true;
  return linksFor(role).some((link) => pathname === link.path || pathname.startsWith(`${link.path}/`));
}
