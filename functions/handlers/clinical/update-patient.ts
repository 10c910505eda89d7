import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { updatePatient } from '@functions/services/patients';

export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'updatePatient'), ({ caller, audit, params, body }) =>
  updatePatient(caller, audit, params.patientId, body),
);
