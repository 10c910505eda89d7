import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { requireHuman } from '../../lib/human-verification';
import { recoverPassword } from '../../services/sessions';

export const handler = endpoint(routes.forgotPassword, async ({ body, event }) => {
  await requireHuman(body.reCaptchaToken, event.requestContext.http.sourceIp);
  return recoverPassword(body.Email);
});
