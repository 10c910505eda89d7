import { treatmentRoutes } from '@shared/api/routes/treatment';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { addPrescription } from '@functions/services/prescriptions';

export const handler = staffEndpoint(staffRouteGroupOf(treatmentRoutes, 'addPrescription'), ({ caller, audit, params, body }) =>
  addPrescription(caller, audit, params.patientId, body),
);
