import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { updateClinicInfo } from '@functions/services/clinics';

export const handler = endpoint(routes.updateClinicInfo, ({ caller, audit, params, body }) => updateClinicInfo(caller, audit, params.id, body));
