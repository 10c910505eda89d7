import { ScreenPlaceholder } from '../../../components/screen-placeholder';
import { widgetMessages } from '../../../lib/widget-messages';

/** A device's BloodMAC and ScaleMAC (?deviceId=). */
export const DeviceSettingsScreen = () => <ScreenPlaceholder title={widgetMessages.deviceSettingsTitle} />;
