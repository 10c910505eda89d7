import { onCallRoutes } from '@shared/api/routes/on-call';
import { endpoint } from '@functions/endpoint/endpoint';
import { removeOnCallShift } from '@functions/services/on-call';

export const handler = endpoint(onCallRoutes.removeOnCallShiftAsDirector, ({ caller, audit, params }) => removeOnCallShift(caller, audit, params.shiftId));
