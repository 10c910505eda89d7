import { patientsRepository, type PatientRecord } from '../data/patients-repository';
import type { Caller } from '../lib/caller';
import { inScope } from '../lib/scope';

/**
 * The patient, held to the caller's reach, and a read of its own items made at the same time: one
 * round trip instead of two for the reads clinicians wait on most. `read` runs before the tenant
 * check answers, so it must only read, by the path's patient id; a patient out of reach or absent
 * is 404 whatever `read` did (DESIGN.md section 4).
 */
export async function reachablePatientWith<T>(caller: Caller, patientId: string, read: () => Promise<T>): Promise<[PatientRecord, T]> {
  const [patient, found] = await Promise.allSettled([patientsRepository.get(patientId), read()]);
  if (patient.status === 'rejected') throw patient.reason;
  const reachable = inScope(caller, 'patient', patient.value);
  if (found.status === 'rejected') throw found.reason;
  return [reachable, found.value];
}
