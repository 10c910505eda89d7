import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { saveExchangeNote } from '@functions/services/exchanges';

export const handler = staffEndpoint(staffRouteGroup('saveExchangeNote'), ({ caller, audit, params, body }) =>
  saveExchangeNote(caller, audit, params.patientId, body),
);
