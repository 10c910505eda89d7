import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { signupPatient } from '@functions/services/patients';

export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'signupPatient'), ({ caller, audit, body }) => signupPatient(caller, audit, body));
