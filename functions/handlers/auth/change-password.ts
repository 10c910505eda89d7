import { routes } from '../../../shared/api/routes';
import { bearerToken, endpoint } from '../../lib/endpoint';
import { changePassword } from '../../services/sessions';

/** Uses the pending password-change session, sent as the bearer token. */
export const handler = endpoint(routes.changePassword, ({ body, params, event }) =>
  changePassword(bearerToken(event), params.userId!, body.newPassword),
);
