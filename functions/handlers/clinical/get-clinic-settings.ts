import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { clinicSettingsOf } from '@functions/services/settings';

export const handler = staffEndpoint(staffRouteGroup('getClinicSettings'), ({ caller }) => clinicSettingsOf(caller));
