import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { updateServiceProviderProfile } from '@functions/services/providers';

export const handler = endpoint(routes.updateServiceProviderProfile, ({ params, body, caller, audit }) =>
  updateServiceProviderProfile(caller, audit, params.id, body),
);
