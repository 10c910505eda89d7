import { routes } from '../../../shared/api/routes';
import { bearerToken, endpoint } from '../../lib/endpoint';
import { answerTwoFactor } from '../../services/sessions';

/** Uses the pending 2FA session from sign-in, sent as the bearer token. */
export const handler = endpoint(routes.signInTwoFactor, ({ body, event }) =>
  answerTwoFactor(bearerToken(event), body.TwoFaCode, event.requestContext.http.sourceIp),
);
