import { useSession } from '@web/src/lib/auth';
import { MyClinicProfile } from './my-clinic-profile';
import { MyProviderProfile } from './my-provider-profile';

/**
 * /myprofile (spec section 2): the own provider's profile for a ServiceProviderAdmin, the own
 * clinic's admin profile for a ClinicAdmin (caId query, defaulting to the own id).
 */
export function MyProfileScreen() {
  const role = useSession().signedIn?.profile.Role;
  return role === 'ClinicAdmin' ? <MyClinicProfile /> : <MyProviderProfile />;
}
