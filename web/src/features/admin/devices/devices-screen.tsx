import { useSearchParams } from 'react-router-dom';
import { DevicesList } from './devices-list';

/** /devices (LiberDiAdmin; spec section 2): every device, narrowed by ?clinicId or ?spId, with 'Register device'. */
export function DevicesScreen() {
  const [search] = useSearchParams();
  return <DevicesList clinicId={search.get('clinicId') || undefined} spId={search.get('spId') || undefined} canRegister />;
}
