import { useSearchParams } from 'react-router-dom';
import { UsersList } from './users-list';

/** /users (spec section 2): the signer's users, narrowed by ?spId (LiberDiAdmin) and ?clinicId. */
export function UsersScreen() {
  const [search] = useSearchParams();
  return <UsersList spId={search.get('spId') ?? undefined} clinicId={search.get('clinicId') ?? undefined} />;
}
