import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { requireHuman } from '../../lib/human-verification';
import { signIn } from '../../services/sessions';

export const handler = endpoint(routes.signIn, async ({ body, event }) => {
  await requireHuman(body.reCaptchaToken, event.requestContext.http.sourceIp);
  return signIn(body.Email, body.Password);
});
