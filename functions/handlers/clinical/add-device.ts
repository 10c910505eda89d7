import { treatmentRoutes } from '@shared/api/routes/treatment';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { addDevice } from '@functions/services/devices';

export const handler = staffEndpoint(staffRouteGroupOf(treatmentRoutes, 'addDevice'), ({ caller, audit, params, body }) =>
  addDevice(caller, audit, params.patientId, body),
);
