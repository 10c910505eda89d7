import { sessionRoutes as routes } from '@shared/api/routes/session';
import { endpoint } from '@functions/endpoint/endpoint';
import { chooseLanguage } from '@functions/services/sessions';

export const handler = endpoint(routes.chooseLanguage, ({ caller, audit, body }) => chooseLanguage(caller, audit, body.Language));
