import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { listPatients } from '@functions/services/patients';

/** /patients: the clinic's (director, nurse: getAllClinicPatients) or the doctor's own (getallpatients), one service. */
export const handler = staffEndpoint([...staffRouteGroup('getAllClinicPatients'), ...staffRouteGroup('getallpatients')], ({ caller, audit, query }) =>
  listPatients(caller, audit, query),
);
