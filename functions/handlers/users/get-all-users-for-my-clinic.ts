import { userRoutes as routes } from '@shared/api/routes/users';
import { endpoint } from '@functions/endpoint/endpoint';
import { listClinicUsers } from '@functions/services/users';

export const handler = endpoint(routes.getAllUsersForMyClinic, ({ caller, query }) => listClinicUsers(caller, query));
