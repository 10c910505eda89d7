import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { careTeamWeek } from '@functions/services/care-week';

/** /patients/week (beyond the spec): the ClinicDirector's week of the care team. */
export const handler = staffEndpoint(staffRouteGroup('getCareTeamWeek'), ({ caller, audit, query }) => careTeamWeek(caller, audit, query));
