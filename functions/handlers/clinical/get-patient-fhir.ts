import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { patientFhirBundle } from '@functions/services/fhir';

export const handler = staffEndpoint(staffRouteGroup('getPatientFhir'), ({ caller, audit, params, query }) =>
  patientFhirBundle(caller, audit, params.patientId, query),
);
