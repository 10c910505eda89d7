import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { patientProfile } from '@functions/services/patients';

export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'getPatientProfile'), ({ caller, audit, params }) =>
  patientProfile(caller, audit, params.patientId),
);
