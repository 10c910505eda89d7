import { randomUUID } from 'node:crypto';
import { clinicsRepository } from '../data/clinics-repository';
import { patientsRepository, type NewPatientRecord, type PatientPii, type PatientRecord } from '../data/patients-repository';
import { notFound } from '../lib/errors';

export type NewPatient = Omit<PatientPii, 'UserID'> & Omit<NewPatientRecord, 'UserID' | 'ServiceProviderID' | 'CreatedAt'>;

const piiFields = ['FirstName', 'LastName', 'DOB', 'Gender', 'Hispanic', 'RacialDesignation', 'SocialId', 'Address', 'Phone', 'Cellphone', 'Email'] as const;

/** Creates a patient of a clinic: the clinical profile and, apart from it, the personal data (spec section 3, Patient). */
export async function createPatient(input: NewPatient): Promise<{ patient: PatientRecord; pii: PatientPii }> {
  const clinic = await clinicsRepository.get(input.ClinicID_ref);
  if (!clinic) throw notFound();
  const UserID = randomUUID();
  const pii = { UserID, ...Object.fromEntries(piiFields.map((field) => [field, input[field]])) } as PatientPii;
  const clinical = Object.fromEntries(Object.entries(input).filter(([field]) => !(piiFields as readonly string[]).includes(field)));
  const patient: NewPatientRecord = {
    ...(clinical as Omit<NewPatient, (typeof piiFields)[number]>),
    UserID,
    ServiceProviderID: clinic.ServiceProviderID,
    CreatedAt: new Date().toISOString(),
  };
  await patientsRepository.create(patient, pii);
  return { patient: { ...patient, PatientAlertStatus: { statusValue: 1, unresolved: 0 } }, pii };
}
