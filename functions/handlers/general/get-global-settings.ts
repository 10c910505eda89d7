import { settingsRoutes as routes } from '@shared/api/routes/settings';
import { endpoint } from '@functions/lib/endpoint';
import { getGlobalSettings } from '@functions/services/settings';

export const handler = endpoint(routes.getGlobalSettings, () => getGlobalSettings());
