import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { answerTwoFactor } from '@functions/services/sessions';

/** Uses the pending 2FA token from sign-in, sent as the bearer; wrong codes are counted per source. */
export const handler = endpoint(routes.signInTwoFactor, ({ body, token, source }) => answerTwoFactor(token, body.TwoFaCode, source.ip));
