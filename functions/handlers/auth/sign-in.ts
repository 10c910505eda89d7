import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { requireHuman } from '../../lib/human-verification';
import { signIn } from '../../services/sessions';

export const handler = endpoint(routes.signIn, async ({ body, event }) => {
  const source = event.requestContext.http.sourceIp;
  await requireHuman(body.reCaptchaToken, source);
  return signIn(body.Email, body.Password, source);
});
