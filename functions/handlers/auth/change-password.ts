import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { changePassword } from '../../services/sessions';

/** Uses the pending password-change token, sent as the bearer. */
export const handler = endpoint(routes.changePassword, ({ body, params, token }) => changePassword(token, params.userId, body.newPassword));
