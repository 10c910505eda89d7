import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { signOut } from '../../services/sessions';

export const handler = endpoint(routes.signOut, ({ body, event }) =>
  signOut(event.requestContext.authorizer.jwt.claims as Record<string, string>, body.refreshToken),
);
