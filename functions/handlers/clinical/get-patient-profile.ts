import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { patientProfile } from '@functions/services/patients';

export const handler = staffEndpoint(staffRouteGroup('getPatientProfile'), ({ caller, audit, params }) => patientProfile(caller, audit, params.patientId));
