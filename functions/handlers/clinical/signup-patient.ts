import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { signupPatient } from '@functions/services/patients';

export const handler = staffEndpoint(staffRouteGroup('signupPatient'), ({ caller, audit, body }) => signupPatient(caller, audit, body));
