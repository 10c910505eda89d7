import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { addManualExchange } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroup('addExchange'), ({ caller, audit, params, body }) =>
  addManualExchange(caller, audit, params.patientId, body),
);
