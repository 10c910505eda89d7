import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** The devices' list (LiberDiAdmin). */
export const DevicesScreen = () => <ScreenPlaceholder title={messages.navigation.devices} />;
