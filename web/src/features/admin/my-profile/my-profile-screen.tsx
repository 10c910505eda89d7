import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** The own provider's or clinic's profile. */
export const MyProfileScreen = () => <ScreenPlaceholder title={messages.navigation.myProfile} />;
