import { messages } from '@shared/messages';
import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** A service provider's tabs (?spId=): clinics, users, admin. */
export const ServiceProviderTabsScreen = () => <ScreenPlaceholder title={messages.navigation.serviceProviders} />;
