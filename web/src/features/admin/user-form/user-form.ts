import type { DropdownOption } from '@web/src/components/fields/dropdown-field';
import type { Role } from '@shared/roles';

/** A role as a dropdown option (the role's own name, as the list's 'User role' column shows it). */
export const roleOption = (role: Role): DropdownOption => ({ value: role, label: role });

/**
 * The clinic admin's creation path of a role (spec 6: a Doctor on the doctors path, a
 * ClinicDirector on the director path, a Nurse on the nurses path, the doctors path by default).
 */
export function signupRouteOf(roles: readonly Role[]): 'signupDoctor' | 'signupNurse' | 'signupClinicDirector' {
  if (roles.includes('ClinicDirector')) return 'signupClinicDirector';
  if (roles.includes('Nurse')) return 'signupNurse';
  return 'signupDoctor';
}
