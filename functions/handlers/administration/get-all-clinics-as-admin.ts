import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { listAllClinics } from '@functions/services/clinics';

export const handler = endpoint(routes.getAllClinicsAsAdmin, ({ query }) => listAllClinics(query));
