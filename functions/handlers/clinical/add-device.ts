import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { addDevice } from '@functions/services/devices';

export const handler = staffEndpoint(staffRouteGroup('addDevice'), ({ caller, audit, params, body }) => addDevice(caller, audit, params.patientId, body));
