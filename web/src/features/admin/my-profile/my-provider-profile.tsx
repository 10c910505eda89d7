import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** The provider admin's own provider profile: filled by issue 12's provider screens. */
export const MyProviderProfile = () => <ScreenPlaceholder title={messages.navigation.myProfile} />;
