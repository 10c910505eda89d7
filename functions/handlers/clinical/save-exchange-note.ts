import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { saveExchangeNote } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'saveExchangeNote'), ({ caller, audit, params, body }) =>
  saveExchangeNote(caller, audit, params.patientId, body),
);
