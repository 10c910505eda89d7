import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { myClinicLogoUpload } from '@functions/services/clinics';

export const handler = endpoint(routes.getMyClinicLogoUpload, ({ caller, body }) => myClinicLogoUpload(caller, body));
