import { treatmentRoutes } from '@shared/api/routes/treatment';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { clinicSettingsOf } from '@functions/services/settings';

export const handler = staffEndpoint(staffRouteGroupOf(treatmentRoutes, 'getClinicSettings'), ({ caller }) => clinicSettingsOf(caller));
