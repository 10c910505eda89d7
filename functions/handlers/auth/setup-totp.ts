import { routes } from '@shared/api/routes';
import { endpoint } from '@functions/lib/endpoint';
import { startTotpSetup } from '@functions/services/sessions';

export const handler = endpoint(routes.setupTotp, ({ caller, token }) => startTotpSetup(caller, token));
