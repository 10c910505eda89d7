import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { grantLiveNotices } from '@functions/services/live';

/** The caller's own tenant's live notices (docs/live-screens.md). */
export const handler = endpoint(routes.grantLiveNotices, ({ body, caller }) => grantLiveNotices(caller, body.idToken));
