import { userRoutes as routes } from '@shared/api/routes/users';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { updateUser } from '@functions/services/users';

/** One module for both roles' …/updateUser/{id}; the overlap rule decides per signer (functions/services/users.ts). */
export const handler = staffEndpoint([routes.updateUserOfProvider, routes.updateUserOfClinic], ({ caller, audit, params, body }) =>
  updateUser(caller, audit, params.id, body),
);
