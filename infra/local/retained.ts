import { allItems } from '@functions/data/page';
import { patientsRepository } from '@functions/data/patients-repository';
import { prescriptionsRepository } from '@functions/data/prescriptions-repository';
import { resendPrescription } from '@functions/services/prescriptions';

/**
 * IoT Core keeps retained messages across anything; the local broker keeps them in memory only.
 * So at start the local stack publishes each device's current prescription again, retained, and a
 * device that connects after a restart still gets it.
 */
export async function republishCurrentPrescriptions(): Promise<number> {
  let count = 0;
  for (const patientId of await allItems(patientsRepository.listAllIds)) {
    const patient = await patientsRepository.get(patientId);
    const prescription = patient && (await prescriptionsRepository.currentPrescription(patient));
    // A prescription of a device the patient no longer has would overwrite its new patient's.
    if (!prescription || prescription.SerialNumber !== patient.Device?.SerialNumber) continue;
    await resendPrescription(prescription);
    count += 1;
  }
  return count;
}
