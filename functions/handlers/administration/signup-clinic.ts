import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { signupClinic } from '@functions/services/clinics';

export const handler = endpoint(routes.signupClinic, ({ caller, audit, body }) => signupClinic(caller, audit, body));
