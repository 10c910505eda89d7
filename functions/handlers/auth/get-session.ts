import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../services/sessions';

/** The signed-in user's profile, with fresh counts for the administrators' top bar. */
export const handler = endpoint(routes.getSession, ({ caller }) => currentSession(caller));
