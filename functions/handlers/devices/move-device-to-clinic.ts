import { deviceRoutes as routes } from '@shared/api/routes/devices';
import { endpoint } from '@functions/endpoint/endpoint';
import { moveDeviceToClinic } from '@functions/services/devices';

export const handler = endpoint(routes.moveDeviceToClinic, ({ caller, audit, params, body }) => moveDeviceToClinic(caller, audit, params.id, body));
