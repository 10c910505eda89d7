import { onCallRoutes } from '@shared/api/routes/on-call';
import { endpoint } from '@functions/endpoint/endpoint';
import { onCallRota } from '@functions/services/on-call';

export const handler = endpoint(onCallRoutes.getOnCallRotaAsDirector, ({ caller }) => onCallRota(caller));
