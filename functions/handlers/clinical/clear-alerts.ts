import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { clearAlerts } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroup('clearAlerts'), ({ caller, audit, params, body }) => clearAlerts(caller, audit, params.patientId, body));
