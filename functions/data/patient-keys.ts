import type { PatientKeys } from '../lib/scope';
import { db } from './entities';

/**
 * A patient's tenant keys alone (one GetItem of those attributes), for the endpoint chain's refusal
 * of a bad body for another tenant's patient. In a module of its own so that every Lambda's chain
 * does not carry the patients repository, and the exchanges repository behind it.
 */
export async function patientTenantKeys(patientId: string): Promise<PatientKeys | undefined> {
  const { data } = await db()
    .entities.patient.get({ UserID: patientId })
    .go({ attributes: ['ClinicID_ref', 'ServiceProviderID', 'DoctorID_ref'] });
  return data ?? undefined;
}
