import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { verifyTotp } from '../../services/sessions';

export const handler = endpoint(routes.verifyTotp, ({ body, caller, token }) => verifyTotp(token, caller.userId, body.TwoFaCode));
