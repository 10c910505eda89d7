import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { clinicProfile } from '@functions/services/clinics';

/** One module for both roles' routes: LiberDiAdmin's …/clinics/{id}/profile and the provider admin's …/getClinicInfo/{id}. */
export const handler = staffEndpoint([routes.getClinicProfile, routes.getClinicInfo], ({ caller, params }) => clinicProfile(caller, params.id));
