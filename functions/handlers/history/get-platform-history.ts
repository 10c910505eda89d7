import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { platformHistory } from '../../services/history';

export const handler = endpoint(routes.getPlatformHistory, ({ query }) => platformHistory(query));
