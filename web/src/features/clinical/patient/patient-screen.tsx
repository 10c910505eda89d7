import { ScreenPlaceholder } from '@web/src/components/screen-placeholder';

/** The patient screen with its tabs Exchanges, Visits, Prescription and Profile (spec section 2 "Patient area"). */
export const PatientScreen = () => <ScreenPlaceholder title="Patient" />;
