import { messages } from '../../../../shared/messages';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

/** The clinical staff's screens (loaded lazily); the patient area comes with its own issues. */
const n = messages.navigation;

export const PatientsScreen = () => <ScreenPlaceholder title={n.patients} />;
export const AddPatientScreen = () => <ScreenPlaceholder title={n.addPatient} />;
