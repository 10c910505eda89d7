import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** A new patient. */
export const AddPatientScreen = () => <ScreenPlaceholder title={messages.navigation.addPatient} />;
