import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** The users' list. */
export const UsersScreen = () => <ScreenPlaceholder title={messages.navigation.users} />;
