import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { providerHistory } from '@functions/services/history';

export const handler = endpoint(routes.getProviderHistory, ({ caller, audit, query }) => providerHistory(caller, audit, query));
