import { useSearchParams } from 'react-router-dom';
import { ClinicsList } from './clinics-list';

/** /clinics (spec section 2): the clinics a provider admin runs, or (LiberDiAdmin, read-only) every clinic, narrowed by ?spId. */
export function ClinicsScreen() {
  const [search] = useSearchParams();
  return <ClinicsList spId={search.get('spId') ?? undefined} />;
}
