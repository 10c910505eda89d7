/** The Profile tab: 'PATIENT PROFILE', read and edited with confirmation (spec sections 2 and 8). Issue 10 builds it. */
export function PatientProfileTab({ patientId }: { patientId: string }) {
  return <div data-patient-id={patientId} />;
}
