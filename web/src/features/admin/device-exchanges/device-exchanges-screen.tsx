import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** Filled by issue 13's screens. */
export const DeviceExchangesScreen = () => <ScreenPlaceholder title="Device exchanges" />;
