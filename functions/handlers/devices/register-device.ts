import { deviceRoutes as routes } from '@shared/api/routes/devices';
import { endpoint } from '@functions/endpoint/endpoint';
import { registerNewDevice } from '@functions/services/devices';

export const handler = endpoint(routes.registerDevice, ({ caller, audit, body }) => registerNewDevice(caller, audit, body));
