import { deviceRoutes as routes } from '@shared/api/routes/devices';
import { endpoint } from '@functions/endpoint/endpoint';
import { deviceProfile } from '@functions/services/devices';

export const handler = endpoint(routes.getDeviceProfile, ({ caller, params }) => deviceProfile(caller, params.id));
