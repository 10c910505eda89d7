import { userRoutes as routes } from '@shared/api/routes/users';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { userProfile } from '@functions/services/users';

/** One module for the three roles' routes: …/users/{id}/profile (LiberDiAdmin) and the two …/getUser/{id}. */
export const handler = staffEndpoint([routes.getUserProfile, routes.getUserOfProvider, routes.getUserOfClinic], ({ caller, params }) =>
  userProfile(caller, params.id),
);
