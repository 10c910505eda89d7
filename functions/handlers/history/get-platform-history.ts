import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/endpoint/endpoint';
import { platformHistory } from '@functions/services/history';

export const handler = endpoint(routes.getPlatformHistory, ({ audit, query }) => platformHistory(audit, query));
