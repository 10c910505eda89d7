import { routes } from '../../../shared/api/routes';
import { endpoint } from '../../lib/endpoint';
import { clinicHistory } from '../../services/history';

export const handler = endpoint(routes.getClinicHistory, ({ caller, query }) => clinicHistory(caller, query));
