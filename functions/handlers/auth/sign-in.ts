import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { signIn } from '@functions/services/sessions';

/** The human check runs in the endpoint chain (the route declares `human`); failures are counted per source. */
export const handler = endpoint(routes.signIn, ({ body, source }) => signIn(body.Email, body.Password, source.ip));
