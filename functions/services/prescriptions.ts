import { randomBytes } from 'node:crypto';
import { devicePrescriptionSchema, type DevicePrescription } from '@shared/device';
import { patientsRepository, type PrescriptionRecord } from '../data/patients-repository';
import { devicePublisher } from '../lib/device-publisher';
import { badRequest, notFound } from '../lib/errors';

export type NewPrescription = Omit<DevicePrescription, 'PrescriptionId' | 'Created_UTC' | 'SerialNumber'>;

/** A sortable, device-safe id: the creation time, then randomness. */
function prescriptionId(createdAt: Date): string {
  return `${createdAt.toISOString().replace(/[^0-9]/g, '')}-${randomBytes(4).toString('hex')}`;
}

/**
 * Saves a patient's prescription for the device assigned to them and sends it to the device.
 * It is stored not approved; the device's acknowledgement approves it (ingest, prescription-ack).
 */
export async function savePrescription(patientId: string, input: NewPrescription, createdBy: string, now = new Date()): Promise<PrescriptionRecord> {
  const patient = await patientsRepository.get(patientId);
  if (!patient) throw notFound();
  if (!patient.Device) throw badRequest('IDA# is required and must be verified');
  const parsed = devicePrescriptionSchema.safeParse({
    ...input,
    PrescriptionId: prescriptionId(now),
    SerialNumber: patient.Device.SerialNumber,
    Created_UTC: now.toISOString(),
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const prescription: PrescriptionRecord = { ...parsed.data, PatientID: patientId, Approved: false, CreatedBy: createdBy };
  await patientsRepository.addPrescription(prescription);
  await devicePublisher.prescription(parsed.data);
  return prescription;
}

/** The prescription as the device gets it: without what only the portal keeps. */
function withoutStorageFields({ PatientID, Approved, ApprovedChangedAt, CreatedBy, ...message }: PrescriptionRecord): DevicePrescription {
  return message;
}

/** Sends a stored prescription to its device again (e.g. when a local broker lost its retained messages). */
export async function resendPrescription(prescription: PrescriptionRecord): Promise<void> {
  await devicePublisher.prescription(devicePrescriptionSchema.parse(withoutStorageFields(prescription)));
}
