import { userRoutes as routes } from '@shared/api/routes/users';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { signupClinicUser } from '@functions/services/users';

/** One module for …/doctors/signup, …/nurses/signup and …/ClinicDirector/signup: each route's body schema admits only its role. */
export const handler = staffEndpoint([routes.signupDoctor, routes.signupNurse, routes.signupClinicDirector], ({ caller, audit, body }) =>
  signupClinicUser(caller, audit, body),
);
