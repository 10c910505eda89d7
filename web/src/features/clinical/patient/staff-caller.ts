import { useSession } from '@web/src/lib/auth';
import { staffRouteId, STAFF_ROLES, type StaffRole } from '@shared/api/routes';

/**
 * The signed-in clinician as the staff routes need them: the role picks the route of its prefix
 * (spec section 7: /clinicsDirector, /doctors or /nurses), the user id fills the path's `{id}`.
 * The guard lets only the three clinical roles reach the patient screen.
 */
export function useStaffCaller() {
  const profile = useSession().signedIn?.profile;
  const role = (STAFF_ROLES as string[]).includes(profile?.Role ?? '') ? (profile!.Role as StaffRole) : 'Nurse';
  return { role, userId: profile?.UserID ?? '' };
}

/**
 * The route id of a staff call for the caller's role. The three variants share path parameters,
 * body and answer, so the director's id stands for their type.
 */
export function staffRoute<const N extends string>(name: N, role: StaffRole) {
  return staffRouteId(name, role) as `${N}AsDirector`;
}
