import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { serviceProviderProfile } from '@functions/services/providers';

export const handler = endpoint(routes.getServiceProviderProfile, ({ params, caller }) => serviceProviderProfile(caller, params.id));
