import { staffRouteGroup } from '@shared/api/routes';
import { staffEndpoint } from '@functions/lib/endpoint';
import { getPrescription } from '@functions/services/prescriptions';

export const handler = staffEndpoint(staffRouteGroup('getPrescription'), ({ caller, audit, params }) => getPrescription(caller, audit, params.patientId));
