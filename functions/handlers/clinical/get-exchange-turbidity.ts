import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { exchangeTurbidity } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'getExchangeTurbidity'), ({ caller, audit, params }) =>
  exchangeTurbidity(caller, audit, params.patientId, params.exchangeId),
);
