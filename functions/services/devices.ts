import { randomUUID } from 'node:crypto';
import { serialNumberSchema } from '@shared/device';
import { messages } from '@shared/messages';
import { clinicsRepository } from '../data/clinics-repository';
import { devicesRepository, type DeviceRecord } from '../data/devices-repository';
import { patientsRepository } from '../data/patients-repository';
import { isConditionFailure } from '../data/table';
import { badRequest, conflict, notFound } from '../lib/errors';

/** Registers a device by its serial number, optionally placed at a clinic (and so its provider). */
export async function registerDevice(input: { SerialNumber: string; ClinicID?: string; IsEnabled?: boolean }): Promise<DeviceRecord> {
  const serial = serialNumberSchema.safeParse(input.SerialNumber);
  if (!serial.success) throw badRequest(serial.error.issues[0]!.message);
  const clinic = input.ClinicID ? await clinicsRepository.get(input.ClinicID) : undefined;
  if (input.ClinicID && !clinic) throw notFound();
  const device: DeviceRecord = {
    DeviceID: randomUUID(),
    SerialNumber: serial.data,
    IsEnabled: input.IsEnabled ?? true,
    createdAt: new Date().toISOString(),
    ClinicID: clinic?.ClinicID,
    ClinicName: clinic?.ClinicName,
    ServiceProviderID: clinic?.ServiceProviderID,
    ServiceProviderName: clinic?.ServiceProviderName,
  };
  try {
    await devicesRepository.create(device);
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(messages.errors.alreadyRegistered('SerialNumber'));
    throw error;
  }
  return device;
}

/**
 * Assigns a device of the patient's clinic to the patient (spec section 7, addDevice). An enabled
 * device linked to a patient counts as activated for its clinic, provider and the platform.
 */
export async function assignDevice(patientId: string, serialNumber: string): Promise<DeviceRecord> {
  const [patient, device] = await Promise.all([patientsRepository.get(patientId), devicesRepository.getBySerialNumber(serialNumber)]);
  if (!patient || !device) throw notFound();
  if (device.ClinicID !== patient.ClinicID_ref) throw notFound();
  if (device.PatientID && device.PatientID !== patientId) throw conflict(messages.errors.alreadyRegistered('SerialNumber'));
  if (device.PatientID === patientId) return device;
  await devicesRepository.assignToPatient(device, { UserID: patientId, ClinicID_ref: patient.ClinicID_ref, ServiceProviderID: patient.ServiceProviderID });
  return { ...device, PatientID: patientId };
}
