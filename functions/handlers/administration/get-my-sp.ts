import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { myServiceProvider } from '@functions/services/providers';

export const handler = endpoint(routes.getMySP, ({ caller }) => myServiceProvider(caller));
