import type { PrescriptionAck } from '../../shared/device';
import { devicesRepository } from '../data/devices-repository';
import { patientsRepository } from '../data/patients-repository';
import { RejectedMessage } from './rejected-message';

/**
 * The device confirms it runs a prescription: the prescription becomes Approved, with
 * ApprovedChangedAt the device's time of confirmation. A repeated acknowledgement keeps the first.
 */
export async function takePrescriptionAck(serialNumber: string, ack: PrescriptionAck): Promise<'approved' | 'already-approved'> {
  const device = await devicesRepository.getBySerialNumber(serialNumber);
  if (!device) throw new RejectedMessage(`No device has serial number ${serialNumber}`);
  if (!device.PatientID) throw new RejectedMessage(`Device ${serialNumber} is not assigned to a patient`);
  const prescription = await patientsRepository.getPrescription(device.PatientID, ack.PrescriptionId);
  if (!prescription || prescription.SerialNumber !== serialNumber) {
    throw new RejectedMessage(`Device ${serialNumber} acknowledged prescription ${ack.PrescriptionId}, which was not sent to it`);
  }
  const approved = await patientsRepository.approvePrescription(device.PatientID, ack.PrescriptionId, new Date(ack.Time).toISOString());
  return approved ? 'approved' : 'already-approved';
}
