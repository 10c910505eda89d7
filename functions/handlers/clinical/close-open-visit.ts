import { treatmentRoutes } from '@shared/api/routes/treatment';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { closeOpenVisit } from '@functions/services/visits';

export const handler = staffEndpoint(staffRouteGroupOf(treatmentRoutes, 'closeOpenVisit'), ({ caller, audit, params, body }) =>
  closeOpenVisit(caller, audit, params.patientId, body),
);
