import { exchangeRoutes } from '@shared/api/routes/exchanges';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { saveExchangeNote } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(exchangeRoutes, 'saveExchangeNote'), ({ caller, audit, params, body }) =>
  saveExchangeNote(caller, audit, params.patientId, body),
);
