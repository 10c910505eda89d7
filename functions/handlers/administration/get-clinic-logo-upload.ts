import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { clinicLogoUpload } from '@functions/services/clinics';

export const handler = endpoint(routes.getClinicLogoUpload, ({ caller, params, body }) => clinicLogoUpload(caller, params.id, body));
