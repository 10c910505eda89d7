import { deviceRoutes as routes } from '@shared/api/routes/devices';
import { endpoint } from '@functions/endpoint/endpoint';
import { deviceDeadLetters } from '@functions/services/devices';

export const handler = endpoint(routes.getDeviceDeadLetters, ({ caller, audit, params, query }) => deviceDeadLetters(caller, audit, params.id, query));
