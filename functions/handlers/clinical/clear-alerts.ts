import { exchangeRoutes } from '@shared/api/routes/exchanges';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { clearAlerts } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroupOf(exchangeRoutes, 'clearAlerts'), ({ caller, audit, params, body }) =>
  clearAlerts(caller, audit, params.patientId, body),
);
