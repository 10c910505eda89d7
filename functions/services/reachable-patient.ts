import { patientsRepository, type PatientRecord } from '../data/patients-repository';
import type { Caller } from '../lib/caller';
import { inScope } from '../lib/scope';

/**
 * The patient, held to the caller's reach, and a read of that patient's own items made at the same
 * time: one round trip where reading the patient first and then its items takes two (a
 * patient's exchanges page and visits tab are the reads clinicians wait on most).
 *
 * `read` runs before the tenant check has answered, so it must only read, keyed by the patient's
 * id from the path. What it found leaves only once the patient is in the caller's reach: a patient
 * out of reach, or absent, is 404 whatever `read` did, its failure included (DESIGN.md section 4:
 * out of reach is "not found" whatever else is wrong).
 */
export async function reachablePatientWith<T>(caller: Caller, patientId: string, read: () => Promise<T>): Promise<[PatientRecord, T]> {
  const [patient, found] = await Promise.allSettled([patientsRepository.get(patientId), read()]);
  if (patient.status === 'rejected') throw patient.reason;
  const reachable = inScope(caller, 'patient', patient.value);
  if (found.status === 'rejected') throw found.reason;
  return [reachable, found.value];
}
