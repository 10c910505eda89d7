import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { currentSession } from '@functions/services/sessions';

/** The signed-in user's profile, with fresh counts for the administrators' top bar. */
export const handler = endpoint(routes.getSession, ({ caller }) => currentSession(caller));
