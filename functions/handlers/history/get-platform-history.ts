import { administrationRoutes as routes } from '@shared/api/routes/administration';
import { endpoint } from '@functions/lib/endpoint';
import { platformHistory } from '@functions/services/history';

export const handler = endpoint(routes.getPlatformHistory, ({ audit, query }) => platformHistory(audit, query));
