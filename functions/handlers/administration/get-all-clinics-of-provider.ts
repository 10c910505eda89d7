import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { listProviderClinics } from '@functions/services/clinics';

export const handler = endpoint(routes.getAllClinicsOfProvider, ({ caller, query }) => listProviderClinics(caller, query));
