import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { addPrescription } from '@functions/services/prescriptions';

export const handler = staffEndpoint(staffRouteGroup('addPrescription'), ({ caller, audit, params, body }) =>
  addPrescription(caller, audit, params.patientId, body),
);
