import { staffRouteId, STAFF_ROLES, type StaffRole } from '@shared/api/routes/staff';
import type { SessionProfile } from '@shared/api/session';
import { useSession } from './auth';

/** The signed-in clinical staff member: the `{id}` of every staff path, the role that picks its prefix, the name. */
export interface StaffUser {
  userId: string;
  role: StaffRole;
  name: string;
}

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * The staff member signed in. The clinical screens are open to the three clinical roles only
 * (`config/routes.ts`), so another role never renders them; it reads as a Nurse, the narrowest.
 */
export function useStaffUser(): StaffUser {
  return staffUserOf(useSession().signedIn?.profile);
}

/** `useStaffUser` outside React: the staff member of a stored session's profile. */
export function staffUserOf(profile: SessionProfile | undefined): StaffUser {
  return {
    userId: profile?.UserID ?? '',
    role: profile && isStaffRole(profile.Role) ? profile.Role : 'Nurse',
    name: profile ? `${profile.FirstName} ${profile.LastName}` : '',
  };
}

/**
 * The route id of a staff call for the caller's role. The three variants share path parameters,
 * body and answer, so the director's id stands for their type.
 */
export function staffRoute<const N extends string>(name: N, role: StaffRole) {
  return staffRouteId(name, role) as `${N}AsDirector`;
}
