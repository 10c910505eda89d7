import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { verifyTotp } from '@functions/services/sessions';

export const handler = endpoint(routes.verifyTotp, ({ body, caller, token, source }) =>
  verifyTotp(token, caller.userId, body.TwoFaCode, source.ip, body.refreshToken),
);
