import { clinicalRoutes as routes } from '@shared/api/routes/clinical';
import { endpoint } from '@functions/endpoint/endpoint';
import { patientHistory } from '@functions/services/history';

export const handler = endpoint(routes.getPatientHistory, ({ caller, audit, params, query }) => patientHistory(caller, audit, params.patientId, query));
