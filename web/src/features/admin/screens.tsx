import { messages } from '../../../../shared/messages';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

/** The administrators' screens (loaded lazily); their lists and forms come with their own issues. */
const n = messages.navigation;

export const ServiceProvidersScreen = () => <ScreenPlaceholder title={n.serviceProviders} />;
export const ClinicsScreen = () => <ScreenPlaceholder title={n.clinics} />;
export const DevicesScreen = () => <ScreenPlaceholder title={n.devices} />;
export const UsersScreen = () => <ScreenPlaceholder title={n.users} />;
export const SettingsScreen = () => <ScreenPlaceholder title={n.settings} />;
export const MyProfileScreen = () => <ScreenPlaceholder title={n.myProfile} />;
