import { userRoutes as routes } from '@shared/api/routes/users';
import { endpoint } from '@functions/endpoint/endpoint';
import { listAllUsers } from '@functions/services/users';

export const handler = endpoint(routes.getAllUsers, ({ query }) => listAllUsers(query));
