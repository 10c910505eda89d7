import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { listServiceProviders } from '@functions/services/providers';

export const handler = endpoint(routes.getAllServiceProviders, ({ query }) => listServiceProviders(query));
