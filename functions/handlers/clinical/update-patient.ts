import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { updatePatient } from '@functions/services/patients';

export const handler = staffEndpoint(staffRouteGroup('updatePatient'), ({ caller, audit, params, body }) =>
  updatePatient(caller, audit, params.patientId, body),
);
