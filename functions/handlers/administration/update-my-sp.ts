import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { updateMyServiceProvider } from '@functions/services/providers';

export const handler = endpoint(routes.updateMySP, ({ body, caller, audit }) => updateMyServiceProvider(caller, audit, body));
