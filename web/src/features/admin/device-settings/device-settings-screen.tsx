import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';
import { widgetMessages } from '@web/src/lib/widget-messages';

/** A device's BloodMAC and ScaleMAC (?deviceId=). */
export const DeviceSettingsScreen = () => <ScreenPlaceholder title={widgetMessages.deviceSettingsTitle} />;
