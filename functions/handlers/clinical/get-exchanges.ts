import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { patientExchanges } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'getExchanges'), ({ caller, audit, params, query }) =>
  patientExchanges(caller, audit, params.patientId, query),
);
