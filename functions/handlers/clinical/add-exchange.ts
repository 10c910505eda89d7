import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { addManualExchange } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'addExchange'), ({ caller, audit, params, body }) =>
  addManualExchange(caller, audit, params.patientId, body),
);
