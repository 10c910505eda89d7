import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { patientAdherence } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroup('getAdherence'), ({ caller, audit, params, query }) =>
  patientAdherence(caller, audit, params.patientId, query),
);
