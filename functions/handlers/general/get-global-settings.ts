import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { getGlobalSettings } from '../../services/settings';

export const handler = endpoint(routes.getGlobalSettings, () => getGlobalSettings());
