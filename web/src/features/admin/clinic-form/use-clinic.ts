import type { ClinicAnswer } from '@shared/api/clinics';
import { useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';

/** Who looks at a clinic: the platform admin reads any (read-only), a provider admin its own. */
export function useClinicViewer() {
  const profile = useSession().signedIn?.profile;
  return { adminId: profile?.UserID ?? '', readOnly: profile?.Role !== 'ServiceProviderAdmin' };
}

/** The clinic as its screens show it: …/clinics/{id}/profile for the platform admin, …/getClinicInfo/{id} for its provider's admin. */
export function useClinic(clinicId: string) {
  const { adminId, readOnly } = useClinicViewer();
  const route = readOnly ? 'getClinicProfile' : 'getClinicInfo';
  return useApiQuery<'getClinicInfo'>(route as 'getClinicInfo', { params: { adminId, id: clinicId } }, { enabled: !!adminId && !!clinicId }) as {
    data: ClinicAnswer | undefined;
    error: Error | null;
  };
}

/** The cached reads a clinic's change makes stale. */
export const clinicReads = ['getAllClinicsOfProvider', 'getAllClinicsAsAdmin', 'getClinicInfo', 'getClinicProfile'] as const;
