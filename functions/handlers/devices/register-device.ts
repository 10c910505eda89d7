import { routes } from '@shared/api/routes';
import { endpoint } from '@functions/lib/endpoint';
import { registerNewDevice } from '@functions/services/devices';

export const handler = endpoint(routes.registerDevice, ({ caller, audit, body }) => registerNewDevice(caller, audit, body));
