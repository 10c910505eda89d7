import { settingsRoutes as routes } from '@shared/api/routes/settings';
import { endpoint } from '@functions/lib/endpoint';
import { initGlobalSettings } from '@functions/services/settings';

export const handler = endpoint(routes.initGlobalSettings, ({ body, caller, audit }) => initGlobalSettings(caller, audit, body.Settings));
