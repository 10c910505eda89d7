import { deviceRoutes as routes } from '@shared/api/routes/devices';
import { endpoint } from '@functions/endpoint/endpoint';
import { deviceErrors } from '@functions/services/devices';

export const handler = endpoint(routes.getDeviceErrors, ({ caller, params, query }) => deviceErrors(caller, params.id, query));
