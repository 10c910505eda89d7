import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { closeOpenVisit } from '@functions/services/visits';

export const handler = staffEndpoint(staffRouteGroup('closeOpenVisit'), ({ caller, audit, params, body }) =>
  closeOpenVisit(caller, audit, params.patientId, body),
);
