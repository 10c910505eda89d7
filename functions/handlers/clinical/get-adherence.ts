import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { patientAdherence } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'getAdherence'), ({ caller, audit, params, query }) =>
  patientAdherence(caller, audit, params.patientId, query),
);
