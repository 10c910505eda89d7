import { userRoutes as routes } from '@shared/api/routes/users';
import { endpoint } from '@functions/endpoint/endpoint';
import { listProviderUsers } from '@functions/services/users';

export const handler = endpoint(routes.getAllUsersForSP, ({ caller, query }) => listProviderUsers(caller, query));
