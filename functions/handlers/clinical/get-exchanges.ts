import { exchangeRoutes } from '@shared/api/routes/exchanges';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { patientExchanges } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(exchangeRoutes, 'getExchanges'), ({ caller, audit, params, query }) =>
  patientExchanges(caller, audit, params.patientId, query),
);
