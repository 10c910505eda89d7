import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { providerLogoUpload } from '@functions/services/providers';

export const handler = endpoint(routes.getServiceProviderLogoUpload, ({ caller, params, body }) => providerLogoUpload(caller, params.id, body));
