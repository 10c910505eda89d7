import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** The clinic's patients. */
export const PatientsScreen = () => <ScreenPlaceholder title={messages.navigation.patients} />;
