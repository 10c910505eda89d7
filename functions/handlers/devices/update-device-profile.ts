import { deviceRoutes as routes } from '@shared/api/routes/devices';
import { endpoint } from '@functions/endpoint/endpoint';
import { updateDeviceProfile } from '@functions/services/devices';

export const handler = endpoint(routes.updateDeviceProfile, ({ caller, audit, params, body }) => updateDeviceProfile(caller, audit, params.id, body));
