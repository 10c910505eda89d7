import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** /clinics/createclinic: filled by issue 12's clinic screens. */
export const CreateClinicScreen = () => <ScreenPlaceholder title="Create Clinic" />;
