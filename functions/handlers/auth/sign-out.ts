import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { signOut } from '@functions/services/sessions';

/** Ends every session of the caller (see signOut). */
export const handler = endpoint(routes.signOut, ({ body, token, event, source }) =>
  signOut(token, event.requestContext.authorizer.jwt.claims as Record<string, string>, body.refreshToken, source.ip),
);
