import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { listPatients } from '@functions/services/patients';

/** /patients: the clinic's (director, nurse: getAllClinicPatients) or the doctor's own (getallpatients), one service. */
export const handler = staffEndpoint(
  [...staffRouteGroupOf(clinicalRoutes, 'getAllClinicPatients'), ...staffRouteGroupOf(clinicalRoutes, 'getallpatients')],
  ({ caller, audit, query }) => listPatients(caller, audit, query),
);
