import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { updateMyClinic } from '@functions/services/clinics';

export const handler = endpoint(routes.updateMyClinic, ({ caller, audit, body }) => updateMyClinic(caller, audit, body));
