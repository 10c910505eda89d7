import type { PrescriptionAck } from '@shared/device';
import { devicesRepository } from '../data/devices-repository';
import { dueChecksRepository } from '../data/due-checks-repository';
import { prescriptionsRepository } from '../data/prescriptions-repository';
import { notifyChange } from './change-notice';
import { nextDueCheckAt } from './due-schedule';
import { cachedSettingsForClinic } from './kept-reads';
import { RejectedMessage } from './rejected-message';

/**
 * The device confirms it runs a prescription: the prescription becomes Approved, with
 * ApprovedChangedAt the device's time of confirmation, and the patient is due for the
 * skipped-exchange check after its next slot. A repeated acknowledgement keeps the first.
 */
export async function takePrescriptionAck(serialNumber: string, ack: PrescriptionAck): Promise<'approved' | 'already-approved'> {
  const route = await devicesRepository.routeBySerialNumber(serialNumber);
  if (!route) throw new RejectedMessage(`No device has serial number ${serialNumber}`);
  if (!route.PatientID) throw new RejectedMessage(`Device ${serialNumber} is not assigned to a patient`);
  const prescription = await prescriptionsRepository.getPrescription(route.PatientID, ack.PrescriptionId);
  if (!prescription || prescription.SerialNumber !== serialNumber) {
    throw new RejectedMessage(`Device ${serialNumber} acknowledged prescription ${ack.PrescriptionId}, which was not sent to it`);
  }
  const approvedAt = new Date(ack.Time).toISOString();
  const approved = await prescriptionsRepository.approvePrescription(route.PatientID, ack.PrescriptionId, approvedAt);
  if (route.ClinicID && route.ServiceProviderID) {
    const settings = await cachedSettingsForClinic(route.ClinicID, route.ServiceProviderID);
    const dueAt = nextDueCheckAt({ ...prescription, Created_UTC: approvedAt }, Date.now(), settings.SkippedExchangeGraceTime);
    if (dueAt) await dueChecksRepository.schedule(route.PatientID, dueAt);
  }
  if (!approved) return 'already-approved';
  await notifyChange({
    kind: 'ack',
    DeviceID: route.DeviceID,
    PatientID: route.PatientID,
    ClinicID: route.ClinicID,
    ServiceProviderID: route.ServiceProviderID,
  });
  return 'approved';
}
