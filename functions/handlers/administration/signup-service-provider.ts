import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { signupServiceProvider } from '@functions/services/providers';

export const handler = endpoint(routes.signupServiceProvider, ({ body, caller, audit }) => signupServiceProvider(caller, audit, body));
