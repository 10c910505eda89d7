import { routes } from '@shared/api/routes';
import { endpoint } from '@functions/lib/endpoint';
import { initGlobalSettings } from '@functions/services/settings';

export const handler = endpoint(routes.initGlobalSettings, ({ body, caller, audit }) => initGlobalSettings(caller, audit, body.Settings));
