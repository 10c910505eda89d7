import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { providerHistory } from '../../services/history';

export const handler = endpoint(routes.getProviderHistory, ({ caller, query }) => providerHistory(caller, query));
