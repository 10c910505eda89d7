import { onCallRoutes } from '@shared/api/routes/on-call';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { acknowledgeNotice } from '@functions/services/escalation';

export const handler = staffEndpoint(staffRouteGroupOf(onCallRoutes, 'acknowledgeNotice'), ({ caller, audit, params }) =>
  acknowledgeNotice(caller, audit, params.patientId),
);
