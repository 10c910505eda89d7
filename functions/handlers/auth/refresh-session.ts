import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { refreshSession } from '@functions/services/sessions';

export const handler = endpoint(routes.refreshSession, ({ body }) => refreshSession(body.refreshToken));
