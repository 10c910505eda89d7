import { randomUUID } from 'node:crypto';
import { serialNumberSchema } from '@shared/device';
import type { AddDeviceBody, AddDeviceResult } from '@shared/api/prescriptions';
import { messages } from '@shared/messages';
import { clinicsRepository } from '../data/clinics-repository';
import { devicesRepository, type DeviceRecord } from '../data/devices-repository';
import { patientsRepository, withoutStorageFields, type PatientRecord, type PrescriptionRecord } from '../data/patients-repository';
import { auditRepository, type AuditRecord } from '../data/audit-repository';
import { isConditionFailure } from '../data/table';
import { badRequest, conflict, notFound } from '../lib/errors';
import type { AuditTrail } from '../lib/audit';
import type { Caller } from '../lib/caller';
import { devicePublisher } from '../lib/device-publisher';
import { inScope } from '../lib/scope';
import { reissuePrescription, resendPrescription } from './prescriptions';

const p = messages.prescriptions;

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

/** What linking a device to a patient did: the device, the prescription sent to it, whether it was taken from another patient. */
export interface DeviceAssignment {
  device: DeviceRecord;
  prescription?: PrescriptionRecord;
  moved: boolean;
}

/**
 * Links a device to a patient (spec section 7, addDevice). The device must exist, be enabled and
 * belong to the patient's service provider (404 otherwise: another provider's serial numbers
 * cannot be probed); a device linked to another patient is refused (409) unless `move` (the
 * user's confirmed choice), which unlinks it from that patient in the same transaction. The
 * patient's previous device is unlinked. The patient's current prescription is issued again for
 * this device and sent to it (retained); devices that no longer serve a patient lose their
 * retained prescription. `audit` makes the record of the change, written with it.
 */
export async function assignDevice(
  patientId: string,
  serialNumber: string,
  options: {
    move?: boolean;
    audit?: (change: { before: object; after: object; patient: PatientRecord; device: DeviceRecord }) => AuditRecord;
    now?: Date;
  } = {},
): Promise<DeviceAssignment> {
  const [patient, device] = await Promise.all([patientsRepository.get(patientId), devicesRepository.getBySerialNumber(serialNumber)]);
  if (!patient || !device) throw notFound();
  if (device.ServiceProviderID !== patient.ServiceProviderID) throw notFound();
  if (!device.IsEnabled) throw conflict(p.deviceDisabled);
  if (device.PatientID && device.PatientID !== patientId && !options.move) throw conflict(p.deviceLinkedToOther);
  const current = await patientsRepository.currentPrescription(patient);
  if (device.PatientID === patientId) {
    // Linked already: nothing to change but sending the prescription again.
    if (current) await resendPrescription(current);
    return { device, prescription: current, moved: false };
  }
  const [takeFrom, replaced, clinic] = await Promise.all([
    device.PatientID ? patientsRepository.get(device.PatientID) : undefined,
    patient.Device ? devicesRepository.get(patient.Device.DeviceID) : undefined,
    device.ClinicID !== patient.ClinicID_ref ? clinicsRepository.get(patient.ClinicID_ref) : undefined,
  ]);
  const prescription = current && reissuePrescription(current, device.SerialNumber, options.now);
  const audit = options.audit?.({
    before: { Device: patient.Device ?? null, DevicePatientID: device.PatientID ?? null },
    after: {
      Device: { SerialNumber: device.SerialNumber, DeviceID: device.DeviceID },
      DevicePatientID: patientId,
      PrescriptionId: prescription?.PrescriptionId,
    },
    patient,
    device,
  });
  try {
    await devicesRepository.assignToPatient(device, patient, { clinicName: clinic?.ClinicName, takeFrom, replaced, prescription, audit });
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(p.deviceLinkedToOther);
    throw error;
  }
  if (prescription) await devicePublisher.prescription(withoutStorageFields(prescription));
  else if (takeFrom) await devicePublisher.clearPrescription(device.SerialNumber);
  if (replaced) await devicePublisher.clearPrescription(replaced.SerialNumber);
  return { device: { ...device, PatientID: patientId }, prescription, moved: takeFrom !== undefined };
}

/** …/addDevice (spec section 7, Nurse): `assignDevice` for a patient of the caller's clinic, with its audit record. */
export async function addDevice(caller: Caller, trail: AuditTrail, patientId: string, body: AddDeviceBody): Promise<AddDeviceResult> {
  const patient = inScope(caller, 'patient', await patientsRepository.get(patientId));
  const { device, prescription, moved } = await assignDevice(patientId, body.SerialNumber, {
    move: body.move,
    audit: ({ before, after, patient }) =>
      trail.write({
        entity: 'PatientDevice',
        id: patientId,
        before,
        after,
        PatientID: patientId,
        ClinicID: patient.ClinicID_ref,
        ServiceProviderID: patient.ServiceProviderID,
      }),
  });
  if (!trail.hasWrites) {
    // The device was linked already: the re-send is recorded on its own.
    await auditRepository.record([
      trail.write({
        entity: 'PatientDevice',
        id: patientId,
        after: { Resent: prescription?.PrescriptionId ?? null },
        PatientID: patientId,
        ClinicID: patient.ClinicID_ref,
        ServiceProviderID: patient.ServiceProviderID,
      }),
    ]);
  }
  return { status: 'assigned', device: { DeviceID: device.DeviceID, SerialNumber: device.SerialNumber }, prescription: prescription ?? null, moved };
}
