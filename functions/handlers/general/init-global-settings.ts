import { settingsRoutes as routes } from '@shared/api/routes/settings';
import { endpoint } from '@functions/endpoint/endpoint';
import { initGlobalSettings } from '@functions/services/settings';

export const handler = endpoint(routes.initGlobalSettings, ({ body, caller, audit }) => initGlobalSettings(caller, audit, body.Settings));
