import { exchangeRoutes } from '@shared/api/routes/exchanges';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { patientAdherence } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(exchangeRoutes, 'getAdherence'), ({ caller, audit, params, query }) =>
  patientAdherence(caller, audit, params.patientId, query),
);
