import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { refreshSession } from '../../services/sessions';

export const handler = endpoint(routes.refreshSession, ({ body }) => refreshSession(body.refreshToken));
