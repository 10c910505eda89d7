import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** A clinic's tabs (?clinicId=): users, admin, devices. */
export const ClinicTabsScreen = () => <ScreenPlaceholder title={messages.navigation.clinics} />;
