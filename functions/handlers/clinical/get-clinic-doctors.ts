import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { clinicDoctors } from '@functions/services/patients';

export const handler = staffEndpoint(staffRouteGroup('getAllClinicDoctors'), ({ caller }) => clinicDoctors(caller));
