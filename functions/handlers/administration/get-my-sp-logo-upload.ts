import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { myProviderLogoUpload } from '@functions/services/providers';

export const handler = endpoint(routes.getMySPLogoUpload, ({ caller, body }) => myProviderLogoUpload(caller, body));
