import { onCallRoutes } from '@shared/api/routes/on-call';
import { endpoint } from '@functions/endpoint/endpoint';
import { addOnCallShift } from '@functions/services/on-call';

export const handler = endpoint(onCallRoutes.addOnCallShiftAsDirector, ({ caller, audit, body }) => addOnCallShift(caller, audit, body));
