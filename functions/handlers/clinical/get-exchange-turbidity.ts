import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { exchangeTurbidity } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroup('getExchangeTurbidity'), ({ caller, audit, params }) =>
  exchangeTurbidity(caller, audit, params.patientId, params.exchangeId),
);
