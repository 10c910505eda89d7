import { routes } from '../../../shared/api/routes';
import { bearerToken, endpoint } from '../../lib/endpoint';
import { signOut } from '../../services/sessions';

/** Ends every session of the caller (see signOut). */
export const handler = endpoint(routes.signOut, ({ body, event }) =>
  signOut(bearerToken(event) ?? '', event.requestContext.authorizer.jwt.claims as Record<string, string>, body.refreshToken),
);
