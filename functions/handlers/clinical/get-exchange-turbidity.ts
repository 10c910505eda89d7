import { exchangeRoutes } from '@shared/api/routes/exchanges';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { exchangeTurbidity } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(exchangeRoutes, 'getExchangeTurbidity'), ({ caller, audit, params }) =>
  exchangeTurbidity(caller, audit, params.patientId, params.exchangeId),
);
