import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** The clinic admin's own clinic profile: filled by issue 12's clinic screens. */
export const MyClinicProfile = () => <ScreenPlaceholder title={messages.navigation.myProfile} />;
