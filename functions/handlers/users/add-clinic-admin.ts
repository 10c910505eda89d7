import { userRoutes as routes } from '@shared/api/routes/users';
import { endpoint } from '@functions/endpoint/endpoint';
import { addClinicAdmin } from '@functions/services/users';

export const handler = endpoint(routes.addClinicAdmin, ({ caller, audit, params, body }) => addClinicAdmin(caller, audit, params.clinicId, body));
