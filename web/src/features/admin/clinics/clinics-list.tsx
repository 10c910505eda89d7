import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/**
 * The clinics list (spec section 2, List screens), on /clinics and in a provider's tabs (`spId`
 * narrows it to that provider's clinics): filled by issue 12's clinic screens.
 */
export const ClinicsList = ({ spId }: { spId?: string }) => (
  <ScreenPlaceholder title={spId ? `${messages.navigation.clinics} (${spId})` : messages.navigation.clinics} />
);
