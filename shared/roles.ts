/** The roles of the product, highest first: the spec's order for picking the effective role. */
export const ROLES = ['LiberDiAdmin', 'ServiceProviderAdmin', 'ClinicAdmin', 'ClinicDirector', 'Doctor', 'Nurse'] as const;

export type Role = (typeof ROLES)[number];

export const ADMIN_ROLES: readonly Role[] = ['LiberDiAdmin', 'ServiceProviderAdmin', 'ClinicAdmin'];
export const CLINICAL_ROLES: readonly Role[] = ['ClinicDirector', 'Doctor', 'Nurse'];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The highest of the given groups in the spec's order, or undefined when none is a role. */
export function effectiveRole(groups: readonly string[]): Role | undefined {
  return ROLES.find((role) => groups.includes(role));
}
