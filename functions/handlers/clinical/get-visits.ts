import { treatmentRoutes } from '@shared/api/routes/treatment';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { getVisits } from '@functions/services/visits';

export const handler = staffEndpoint(staffRouteGroupOf(treatmentRoutes, 'getVisits'), ({ caller, audit, params, query }) =>
  getVisits(caller, audit, params.patientId, query),
);
