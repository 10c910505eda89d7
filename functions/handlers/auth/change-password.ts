import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { changePassword } from '@functions/services/sessions';

/** Uses the pending password-change token, sent as the bearer. */
export const handler = endpoint(routes.changePassword, ({ body, params, token, source }) => changePassword(token, params.userId, body.newPassword, source.ip));
