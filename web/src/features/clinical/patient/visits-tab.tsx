import Alert from '@cloudscape-design/components/alert';
import { messages } from '@shared/messages';

/** The Visits tab (spec section 2 "Patient area"); issue 11 builds it. */
export function PatientVisitsTab({ patientId }: { patientId: string }) {
  return (
    <Alert type="info" data-patient-id={patientId}>
      {messages.patients.screen.comingNextRelease}
    </Alert>
  );
}
