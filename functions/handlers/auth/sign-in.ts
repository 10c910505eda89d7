import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { signIn } from '../../services/sessions';

/** The human check runs in the endpoint chain (the route declares `human`); failures are counted per source. */
export const handler = endpoint(routes.signIn, ({ body, source }) => signIn(body.Email, body.Password, source.ip));
