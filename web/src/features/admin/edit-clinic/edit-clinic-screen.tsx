import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** /clinics/editclinic?clinicId=: filled by issue 12's clinic screens. */
export const EditClinicScreen = () => <ScreenPlaceholder title="Edit Clinic" />;
