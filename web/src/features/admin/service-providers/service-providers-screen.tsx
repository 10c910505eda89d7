import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** The service providers' list (LiberDiAdmin); its list comes with its own issue. */
export const ServiceProvidersScreen = () => <ScreenPlaceholder title={messages.navigation.serviceProviders} />;
