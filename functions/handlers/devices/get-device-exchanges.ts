import { deviceRoutes as routes } from '@shared/api/routes/devices';
import { endpoint } from '@functions/endpoint/endpoint';
import { deviceExchanges } from '@functions/services/devices';

export const handler = endpoint(routes.getDeviceExchanges, ({ caller, audit, params, query }) => deviceExchanges(caller, audit, params.id, query));
