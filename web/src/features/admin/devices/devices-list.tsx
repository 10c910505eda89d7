import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/**
 * The devices list (spec section 2, List screens), on /devices and in a clinic's tabs (`clinicId`
 * narrows it, without the clinic and provider columns): filled by issue 13's device screens.
 */
export const DevicesList = ({ clinicId }: { clinicId?: string }) => (
  <ScreenPlaceholder title={[messages.navigation.devices, clinicId].filter(Boolean).join(' ')} />
);
