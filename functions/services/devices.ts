import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { filterDeviceErrors } from '@shared/alerts';
import {
  DEVICE_ROW_ERRORS,
  type DeviceClinicMove,
  type DeviceProfile,
  type DeviceProfileUpdate,
  type DeviceRegistration,
  type DeviceDeadLetter,
  type deviceErrorsPageSchema,
  type deviceExchangesPageSchema,
  type deviceListSchema,
  type deviceRegistrationResultSchema,
} from '@shared/api/devices';
import { serialNumberSchema } from '@shared/device';
import type { AddDeviceBody, AddDeviceResult } from '@shared/api/prescriptions';
import * as messages from '@shared/messages';
import { effectiveSettings, type Settings } from '@shared/settings';
import { clinicsRepository } from '../data/clinics-repository';
import { deadLettersRepository } from '../data/dead-letters-repository';
import { devicesRepository, type DeviceErrorRecord, type DeviceRecord } from '../data/devices-repository';
import { exchangesRepository } from '../data/exchanges-repository';
import type { PageRequest } from '../data/page';
import { patientsRepository, type PatientRecord } from '../data/patients-repository';
import { prescriptionsRepository, type PrescriptionRecord } from '../data/prescriptions-repository';
import { withoutStorageFields } from '../data/prescription-records';
import { auditRepository, type AuditRecord } from '../data/audit-repository';
import { serviceProvidersRepository } from '../data/service-providers-repository';
import { settingsRepository } from '../data/settings-repository';
import { isConditionFailure } from '../data/table';
import { badRequest, conflict, notFound } from '../lib/errors';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { devicePublisher } from '../lib/device-publisher';
import { deviceRegistry } from '../lib/device-registry';
import { inScope } from '../lib/scope';
import { deadLetterRow } from './dead-letter-row';
import { exchangeRow } from './exchanges';
import { reissuePrescription, resendPrescription } from './prescriptions';
import { sendDeviceSettings } from './settings';

const p = messages.prescriptions;

/**
 * Registers a device by its serial number for a provider, optionally placed at one of its clinics
 * (a clinic alone names its provider). `audit` makes the record written with it. 409 when the
 * serial number is registered already.
 */
export async function registerDevice(
  input: { SerialNumber: string; ServiceProviderID?: string; ClinicID?: string; IsEnabled?: boolean },
  audit?: (device: DeviceRecord) => AuditRecord,
): Promise<DeviceRecord> {
  const serial = serialNumberSchema.safeParse(input.SerialNumber);
  if (!serial.success) throw badRequest(serial.error.issues[0]!.message);
  const [clinic, provider] = await Promise.all([
    input.ClinicID ? clinicsRepository.get(input.ClinicID) : undefined,
    input.ServiceProviderID ? serviceProvidersRepository.get(input.ServiceProviderID) : undefined,
  ]);
  if ((input.ClinicID && !clinic) || (input.ServiceProviderID && !provider)) throw notFound();
  if (clinic && provider && clinic.ServiceProviderID !== provider.ServiceProviderID) throw badRequest(messages.devices.clinicNotOfProvider);
  const device: DeviceRecord = {
    DeviceID: randomUUID(),
    SerialNumber: serial.data,
    IsEnabled: input.IsEnabled ?? true,
    createdAt: new Date().toISOString(),
    ClinicID: clinic?.ClinicID,
    ClinicName: clinic?.ClinicName,
    ServiceProviderID: clinic?.ServiceProviderID ?? provider?.ServiceProviderID,
    ServiceProviderName: clinic?.ServiceProviderName ?? provider?.ServiceProviderName,
  };
  try {
    await devicesRepository.create(device, audit?.(device));
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(messages.errors.alreadyRegistered('SerialNumber'));
    throw error;
  }
  return device;
}

/** The device's tenant keys for the scope module (a device registered before providers were required has none). */
function reachableDevice(caller: Caller, device: DeviceRecord | undefined): DeviceRecord {
  inScope(caller, 'device', device && { ClinicID: device.ClinicID, ServiceProviderID: device.ServiceProviderID ?? '' });
  return device!;
}

const deviceTenant = (device: DeviceRecord) => ({ ServiceProviderID: device.ServiceProviderID, ClinicID: device.ClinicID });

/** What an audit record of a device keeps: its profile fields (no counters). */
const auditedDevice = ({ ExchangeCount, LastExchangeTime, Utilization, ...device }: DeviceRecord) => device;

/** A device as its row and screens show it, with its latest errors (the entries the spec drops left out). */
function profileOf(device: DeviceRecord, errors: readonly DeviceErrorRecord[]): DeviceProfile {
  return {
    DeviceID: device.DeviceID,
    SerialNumber: device.SerialNumber,
    IsEnabled: device.IsEnabled,
    Utilization: device.Utilization,
    Errors: filterDeviceErrors(errors).map(({ Time, MachineProblem }) => ({ Time, MachineProblem })),
    ClinicID: device.ClinicID,
    ClinicName: device.ClinicName,
    ServiceProviderID: device.ServiceProviderID,
    ServiceProviderName: device.ServiceProviderName,
    Note: device.Note ?? null,
    BloodMAC: device.BloodMAC ?? null,
    ScaleMAC: device.ScaleMAC ?? null,
    createdAt: device.createdAt,
    Linked: device.PatientID !== undefined,
    ExchangeCount: device.ExchangeCount ?? 0,
    LastExchangeTime: device.LastExchangeTime,
  };
}

const withLatestErrors = (device: DeviceRecord) =>
  devicesRepository.latestErrors(device.DeviceID, DEVICE_ROW_ERRORS).then((errors) => profileOf(device, errors));

/**
 * /devices (LiberDiAdmin): every device, or one clinic's (the clinic tabs' devices tab), or one
 * provider's (?spId), each a Query of its own index; each row with its latest errors (one Query per
 * row, in parallel).
 */
export async function listDevices(query: PageRequest & { clinicId?: string; spId?: string }): Promise<z.input<typeof deviceListSchema>> {
  const { clinicId, spId, ...page } = query;
  const devices = await (clinicId
    ? devicesRepository.listByClinic(clinicId, page)
    : spId
      ? devicesRepository.listByServiceProvider(spId, page)
      : devicesRepository.listAll(page));
  return { items: await Promise.all(devices.items.map(withLatestErrors)), cursor: devices.cursor ?? undefined };
}

/** …/devices/{id}/profile (GET): one device, for its settings and errors screens. */
export async function deviceProfile(caller: Caller, deviceId: string): Promise<DeviceProfile> {
  return withLatestErrors(reachableDevice(caller, await devicesRepository.get(deviceId)));
}

/** /device/errors: the device's errors, newest first, without the entries the spec drops. */
export async function deviceErrors(caller: Caller, deviceId: string, page: PageRequest): Promise<z.input<typeof deviceErrorsPageSchema>> {
  const device = reachableDevice(caller, await devicesRepository.get(deviceId));
  const errors = await devicesRepository.listErrors(device.DeviceID, page);
  return {
    items: filterDeviceErrors(errors.items).map(({ Time, MachineProblem }) => ({ Time, MachineProblem })),
    cursor: errors.cursor ?? undefined,
  };
}

/**
 * /device/errors, 'Refused messages': what the device sent that the ingest could not take, newest
 * first. A refused exchange may hold a patient's measurements, and which patient's is not known
 * (it was refused), so the read is recorded for the device, in its clinic's trail.
 */
export async function deviceDeadLetters(
  caller: Caller,
  trail: AuditTrail,
  deviceId: string,
  page: PageRequest,
): Promise<{ items: DeviceDeadLetter[]; cursor?: string }> {
  const device = reachableDevice(caller, await devicesRepository.get(deviceId));
  const letters = await deadLettersRepository.listForDevice(device.SerialNumber, page);
  trail.read({ entity: 'DeviceDeadLetters', id: device.DeviceID, ...deviceTenant(device) });
  return { items: letters.items.map(deadLetterRow), cursor: letters.cursor ?? undefined };
}

/**
 * /device/exchanges: the device's exchanges, newest first. They are patients' data: the read is
 * recorded for each patient the page shows (for the device alone when it shows none).
 */
export async function deviceExchanges(
  caller: Caller,
  trail: AuditTrail,
  deviceId: string,
  page: PageRequest,
): Promise<z.input<typeof deviceExchangesPageSchema>> {
  const device = reachableDevice(caller, await devicesRepository.get(deviceId));
  const exchanges = await exchangesRepository.listForDevice(device.DeviceID, page);
  const patients = new Map(exchanges.items.map((exchange) => [exchange.PatientID, exchange]));
  if (patients.size === 0) trail.read({ entity: 'DeviceExchanges', id: device.DeviceID, ...deviceTenant(device) });
  for (const [PatientID, exchange] of patients) {
    trail.read({ entity: 'DeviceExchanges', id: device.DeviceID, PatientID, ClinicID: exchange.ClinicID, ServiceProviderID: exchange.ServiceProviderID });
  }
  return { items: exchanges.items.map(exchangeRow), cursor: exchanges.cursor ?? undefined };
}

/** The settings in force for a device: its clinic's, else its provider's, else the platform's. */
async function settingsInForce(device: DeviceRecord): Promise<Settings> {
  if (device.ClinicID && device.ServiceProviderID) {
    const chain = await settingsRepository.getChain(device.ClinicID, device.ServiceProviderID);
    return effectiveSettings(chain.clinic, chain.serviceProvider, chain.global);
  }
  const [provider, global] = await Promise.all([
    device.ServiceProviderID ? settingsRepository.getForServiceProvider(device.ServiceProviderID) : undefined,
    settingsRepository.getGlobal(),
  ]);
  return effectiveSettings(provider, global);
}

/**
 * POST …/devices/{id}/profile: the note (empty → null), or the paired monitors. Saving the
 * monitors publishes the device's retained settings message (docs/device-protocol.md) with the
 * effective settings, so the device has them the next time it connects.
 */
export async function updateDeviceProfile(caller: Caller, trail: AuditTrail, deviceId: string, body: DeviceProfileUpdate): Promise<DeviceProfile> {
  const device = reachableDevice(caller, await devicesRepository.get(deviceId));
  const changes: Partial<Record<'Note' | 'BloodMAC' | 'ScaleMAC', string | null>> = {};
  if (body.Note !== undefined) changes.Note = body.Note;
  if (body.BloodMAC !== undefined) changes.BloodMAC = body.BloodMAC;
  if (body.ScaleMAC !== undefined) changes.ScaleMAC = body.ScaleMAC;
  const before = Object.fromEntries(Object.keys(changes).map((field) => [field, device[field as keyof typeof changes] ?? null]));
  const record = trail.write({ entity: 'Device', id: device.DeviceID, before, after: changes, ...deviceTenant(device) });
  await devicesRepository.updateProfile(device.DeviceID, changes, record);
  const after: DeviceRecord = { ...device };
  for (const [field, value] of Object.entries(changes) as Array<[keyof typeof changes, string | null]>) {
    if (value === null) delete after[field];
    else after[field] = value;
  }
  if (body.BloodMAC !== undefined || body.ScaleMAC !== undefined) {
    await sendDeviceSettings(after, await settingsInForce(after));
  }
  return withLatestErrors(after);
}

/**
 * POST …/devices/register (LiberDiAdmin, beyond the spec): the device's record first (its serial
 * number's marker makes a second registration a 409 before anything is made elsewhere), then its
 * credentials (docs/device-protocol.md, Connection), answered once. When the credentials cannot be
 * made, the record is taken back (a second audit record says so) and the call fails.
 */
export async function registerNewDevice(caller: Caller, trail: AuditTrail, body: DeviceRegistration): Promise<z.input<typeof deviceRegistrationResultSchema>> {
  const device = await registerDevice(body, (device) =>
    trail.write({ entity: 'Device', id: device.DeviceID, after: auditedDevice(device), ...deviceTenant(device) }),
  );
  try {
    const credentials = await deviceRegistry().register(device.SerialNumber);
    return { device: profileOf(device, []), credentials };
  } catch (error) {
    await devicesRepository.remove(device, trail.write({ entity: 'Device', id: device.DeviceID, before: auditedDevice(device), ...deviceTenant(device) }));
    throw error;
  }
}

/**
 * POST …/devices/{id}/clinic (LiberDiAdmin, beyond the spec): the device moves to another clinic of
 * its provider. A patient it served loses it (and the device its retained prescription), in the
 * same transaction as one audit record in each clinic's trail, the leaving one naming that
 * patient, so both clinics and the patient's history show the move. The new clinic's nurse then
 * links it to a patient.
 */
export async function moveDeviceToClinic(caller: Caller, trail: AuditTrail, deviceId: string, body: DeviceClinicMove): Promise<DeviceProfile> {
  const device = reachableDevice(caller, await devicesRepository.get(deviceId));
  const clinic = await clinicsRepository.get(body.ClinicID);
  if (!clinic) throw notFound();
  if (clinic.ServiceProviderID !== device.ServiceProviderID) throw badRequest(messages.devices.clinicNotOfProvider);
  if (clinic.ClinicID === device.ClinicID) throw badRequest(messages.devices.alreadyAtClinic);
  const takeFrom = device.PatientID ? await patientsRepository.get(device.PatientID) : undefined;
  const before = { ClinicID: device.ClinicID ?? null, ClinicName: device.ClinicName ?? null, PatientID: device.PatientID ?? null };
  const after = { ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName, PatientID: null };
  const move = { entity: 'DeviceClinic', id: device.DeviceID, before, after, ServiceProviderID: device.ServiceProviderID };
  const audits = [
    ...(device.ClinicID || takeFrom ? [trail.write({ ...move, ClinicID: takeFrom?.ClinicID_ref ?? device.ClinicID, PatientID: takeFrom?.UserID })] : []),
    trail.write({ ...move, ClinicID: clinic.ClinicID }),
  ];
  try {
    await devicesRepository.moveToClinic(device, clinic, { takeFrom, audits });
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(messages.patients.tryAgain);
    throw error;
  }
  if (takeFrom) await devicePublisher.clearPrescription(device.SerialNumber);
  const { PatientID: _unlinked, ...moved } = device;
  return withLatestErrors({ ...moved, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName });
}

/** What linking a device to a patient did: the device, the prescription sent to it, whether it was taken from another patient. */
export interface DeviceAssignment {
  device: DeviceRecord;
  prescription?: PrescriptionRecord;
  moved: boolean;
}

/**
 * Links a device to a patient (spec section 7, addDevice). A device missing, disabled, or of another
 * provider or clinic is 404 alike, so none can be probed (moving one between clinics is
 * `moveDeviceToClinic`); one linked to another patient is 409 unless `move`, the user's confirmed
 * choice. The patient's prescription is issued again for this device and sent to it; a device that
 * no longer serves a patient loses its retained one.
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
  // Another provider's or another clinic's device answers as a missing one, so serial numbers cannot
  // be probed, and a clinic never takes a device from another clinic's patient (DESIGN.md section 10).
  if (device.ServiceProviderID !== patient.ServiceProviderID) throw notFound();
  if (device.ClinicID !== undefined && device.ClinicID !== patient.ClinicID_ref) throw notFound();
  if (!device.IsEnabled) throw conflict(p.deviceDisabled);
  if (device.PatientID && device.PatientID !== patientId && !options.move) throw conflict(p.deviceLinkedToOther);
  const current = await prescriptionsRepository.currentPrescription(patient);
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
  if (takeFrom && takeFrom.ClinicID_ref !== patient.ClinicID_ref) throw notFound();
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
