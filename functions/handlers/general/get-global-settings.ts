import { settingsRoutes as routes } from '@shared/api/routes/settings';
import { endpoint } from '@functions/endpoint/endpoint';
import { getGlobalSettings } from '@functions/services/settings';

export const handler = endpoint(routes.getGlobalSettings, () => getGlobalSettings());
