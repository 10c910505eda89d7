import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { startTotpSetup } from '@functions/services/sessions';

export const handler = endpoint(routes.setupTotp, ({ caller, token }) => startTotpSetup(caller, token));
