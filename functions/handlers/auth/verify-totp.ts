import { routes } from '../../../shared/api/routes';
import { bearerToken, endpoint } from '../../lib/endpoint';
import { verifyTotp } from '../../services/sessions';

export const handler = endpoint(routes.verifyTotp, ({ body, caller, event }) => verifyTotp(bearerToken(event) ?? '', caller.userId, body.TwoFaCode));
