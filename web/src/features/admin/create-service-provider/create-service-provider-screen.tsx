import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** /sp/createsp: filled by issue 12's provider screens. */
export const CreateServiceProviderScreen = () => <ScreenPlaceholder title="Create Service Provider" />;
