import { deviceRoutes as routes } from '@shared/api/routes/devices';
import { endpoint } from '@functions/endpoint/endpoint';
import { listDevices } from '@functions/services/devices';

export const handler = endpoint(routes.getAllDevices, ({ query }) => listDevices(query));
