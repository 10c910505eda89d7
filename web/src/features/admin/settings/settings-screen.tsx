import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** System Settings: the own provider's, or the global ones for LiberDiAdmin. */
export const SettingsScreen = () => <ScreenPlaceholder title={messages.navigation.settings} />;
