import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { patientExchanges } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroup('getExchanges'), ({ caller, audit, params, query }) =>
  patientExchanges(caller, audit, params.patientId, query),
);
