import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { clinicDoctors } from '@functions/services/patients';

export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'getAllClinicDoctors'), ({ caller }) => clinicDoctors(caller));
