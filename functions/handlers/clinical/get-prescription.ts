import { treatmentRoutes } from '@shared/api/routes/treatment';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { getPrescription } from '@functions/services/prescriptions';

export const handler = staffEndpoint(staffRouteGroupOf(treatmentRoutes, 'getPrescription'), ({ caller, audit, params }) =>
  getPrescription(caller, audit, params.patientId),
);
