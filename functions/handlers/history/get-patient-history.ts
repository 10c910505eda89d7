import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { patientHistory } from '../../services/history';

export const handler = endpoint(routes.getPatientHistory, ({ caller, audit, params, query }) => patientHistory(caller, audit, params.patientId, query));
