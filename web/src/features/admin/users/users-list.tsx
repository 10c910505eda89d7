import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/**
 * The users list (spec section 2, List screens), on /users and in a provider's or a clinic's tabs
 * (`spId` / `clinicId` narrow it): filled by issue 13's user screens.
 */
export const UsersList = ({ spId, clinicId }: { spId?: string; clinicId?: string }) => (
  <ScreenPlaceholder title={[messages.navigation.users, spId, clinicId].filter(Boolean).join(' ')} />
);
