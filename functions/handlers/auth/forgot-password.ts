import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { recoverPassword } from '@functions/services/sessions';

/** The human check runs in the endpoint chain (the route declares `human`); requests are limited per source. */
export const handler = endpoint(routes.forgotPassword, ({ body, source }) => recoverPassword(body.Email, { source: source.ip }));
