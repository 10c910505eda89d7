import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { signOut } from '../../services/sessions';

/** Ends every session of the caller (see signOut). */
export const handler = endpoint(routes.signOut, ({ body, token, event }) =>
  signOut(token, event.requestContext.authorizer.jwt.claims as Record<string, string>, body.refreshToken),
);
