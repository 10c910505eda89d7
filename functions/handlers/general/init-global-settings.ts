import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { initGlobalSettings } from '../../services/settings';

export const handler = endpoint(routes.initGlobalSettings, ({ body, caller, audit }) => initGlobalSettings(caller, audit, body.Settings));
