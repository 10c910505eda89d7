import type { UserAnswer } from '@shared/api/users';
import type { Role } from '@shared/roles';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';

/** Who looks at users: the signed-in administrator's id (the `{adminId}` of the users routes) and role. */
export function useUserViewer(): { adminId: string; role: Role | undefined } {
  const profile = useSession().signedIn?.profile;
  return { adminId: profile?.UserID ?? '', role: profile?.Role };
}

/** The route reading one user for the signer's role: …/users/{id}/profile, or …/getUser/{id} of the provider's or the clinic's admin. */
export function userRouteOf(role: Role | undefined): 'getUserProfile' | 'getUserOfProvider' | 'getUserOfClinic' {
  if (role === 'LiberDiAdmin') return 'getUserProfile';
  if (role === 'ServiceProviderAdmin') return 'getUserOfProvider';
  return 'getUserOfClinic';
}

/** One user as the signer may read it. */
export function useUser(userId: string) {
  const { adminId, role } = useUserViewer();
  const route = userRouteOf(role);
  return useApiQuery<'getUserOfClinic'>(route as 'getUserOfClinic', { params: { adminId, id: userId } }, { enabled: !!adminId && !!userId }) as {
    data: UserAnswer | undefined;
    error: Error | null;
  };
}

/** The cached reads a user's creation or change makes stale (the lists, the profile, the clinics a new clinic admin fills). */
export const userReads = [
  'getAllUsers',
  'getAllUsersForSP',
  'getAllUsersForMyClinic',
  'getUserProfile',
  'getUserOfProvider',
  'getUserOfClinic',
  'getAllClinicsOfProvider',
  'getAllClinicsAsAdmin',
] as const;

export const fullName = (user: Pick<UserAnswer, 'FirstName' | 'LastName'>) => `${user.FirstName} ${user.LastName}`.trim();
