import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { requireHuman } from '../../lib/human-verification';
import { recoverPassword } from '../../services/sessions';

export const handler = endpoint(routes.forgotPassword, async ({ body, event }) => {
  const source = event.requestContext.http.sourceIp;
  await requireHuman(body.reCaptchaToken, source);
  return recoverPassword(body.Email, { source });
});
