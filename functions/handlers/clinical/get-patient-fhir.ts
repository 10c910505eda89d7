import { treatmentRoutes } from '@shared/api/routes/treatment';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { patientFhirBundle } from '@functions/services/fhir';

export const handler = staffEndpoint(staffRouteGroupOf(treatmentRoutes, 'getPatientFhir'), ({ caller, audit, params, query }) =>
  patientFhirBundle(caller, audit, params.patientId, query),
);
