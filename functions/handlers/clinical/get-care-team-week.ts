import { clinicalRoutes } from '@shared/api/routes/clinical';
import { staffRouteGroupOf } from '@shared/api/routes/staff';
import { staffEndpoint } from '@functions/endpoint/endpoint';
import { careTeamWeek } from '@functions/services/care-week';

/** /patients/week (beyond the spec): the ClinicDirector's week of the care team. */
export const handler = staffEndpoint(staffRouteGroupOf(clinicalRoutes, 'getCareTeamWeek'), ({ caller, audit, query }) => careTeamWeek(caller, audit, query));
