import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { getVisits } from '@functions/services/visits';

export const handler = staffEndpoint(staffRouteGroup('getVisits'), ({ caller, audit, params, query }) => getVisits(caller, audit, params.patientId, query));
