import { routes } from '@shared/api/routes';
import { endpoint } from '@functions/lib/endpoint';
import { getGlobalSettings } from '@functions/services/settings';

export const handler = endpoint(routes.getGlobalSettings, () => getGlobalSettings());
