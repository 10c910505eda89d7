import { clinicalRoutes as routes } from '@shared/api/routes/clinical';
import { endpoint } from '@functions/endpoint/endpoint';
import { clinicHistory } from '@functions/services/history';

export const handler = endpoint(routes.getClinicHistory, ({ caller, audit, query }) => clinicHistory(caller, audit, query));
