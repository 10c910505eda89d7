import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { startTotpSetup } from '../../services/sessions';

export const handler = endpoint(routes.setupTotp, ({ caller, token }) => startTotpSetup(caller, token));
