import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { myClinic } from '@functions/services/clinics';

export const handler = endpoint(routes.getMyClinic, ({ caller }) => myClinic(caller));
