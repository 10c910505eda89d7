import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** The clinics' list; its list comes with its own issue. */
export const ClinicsScreen = () => <ScreenPlaceholder title={messages.navigation.clinics} />;
