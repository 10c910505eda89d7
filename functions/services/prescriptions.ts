import { randomBytes } from 'node:crypto';
import { ZodError } from 'zod';
import { prescriptionFormSchema, type GetPrescriptionResult, type PrescriptionBody } from '@shared/api/prescriptions';
import { devicePrescriptionSchema, type DevicePrescription } from '@shared/device';
import * as messages from '@shared/messages';
import { effectiveSettings } from '@shared/settings';
import { patientsRepository, type PatientRecord } from '../data/patients-repository';
import { prescriptionsRepository, type PrescriptionRecord } from '../data/prescriptions-repository';
import { withoutStorageFields } from '../data/prescription-records';
import { settingsRepository } from '../data/settings-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { devicePublisher } from '../lib/device-publisher';
import { badRequest, conflict, notFound } from '../lib/errors';
import { inScope } from '../lib/scope';

export type NewPrescription = Omit<DevicePrescription, 'PrescriptionId' | 'Created_UTC' | 'SerialNumber'>;

const p = messages.prescriptions;

/** A sortable, device-safe id: the creation time, then randomness. */
function prescriptionId(createdAt: Date): string {
  return `${createdAt.toISOString().replace(/[^0-9]/g, '')}-${randomBytes(4).toString('hex')}`;
}

/** The prescription for a device, as stored: not approved until the device acknowledges it. */
function newPrescription(patientId: string, input: NewPrescription, serialNumber: string, createdBy: string, now: Date): PrescriptionRecord {
  const parsed = devicePrescriptionSchema.safeParse({
    ...input,
    PrescriptionId: prescriptionId(now),
    SerialNumber: serialNumber,
    Created_UTC: now.toISOString(),
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return { ...parsed.data, PatientID: patientId, Approved: false, CreatedBy: createdBy };
}

/**
 * Saves a patient's prescription for the device assigned to them and sends it to the device.
 * It is stored not approved; the device's acknowledgement approves it (ingest, prescription-ack).
 * (Demo data and tests; the route goes through `addPrescription`.)
 */
export async function savePrescription(patientId: string, input: NewPrescription, createdBy: string, now = new Date()): Promise<PrescriptionRecord> {
  const patient = await patientsRepository.get(patientId);
  if (!patient) throw notFound();
  if (!patient.Device) throw badRequest(p.serialNumberRequired);
  const prescription = newPrescription(patientId, input, patient.Device.SerialNumber, createdBy, now);
  if (!(await prescriptionsRepository.addPrescription(prescription, { replaces: patient }))) throw conflict(p.changedMeanwhile);
  await devicePublisher.prescription(withoutStorageFields(prescription));
  return prescription;
}

/** A refusal of the IDA# input, shaped as the schema's refusals are (400 with the field's message). */
const serialNumberRefused = (message: string) => new ZodError([{ code: 'custom', path: ['SerialNumber'], message }]);

/** The clinic's effective settings (clinic over provider over global). */
async function settingsOf(patient: PatientRecord) {
  const chain = await settingsRepository.getChain(patient.ClinicID_ref, patient.ServiceProviderID);
  return effectiveSettings(chain.clinic, chain.serviceProvider, chain.global);
}

/**
 * …/addPrescription (spec section 7, ClinicDirector and Doctor): the rules of section 5 with the
 * clinic's DwellTime, the IDA# must be the device linked to the patient; stored as the current
 * protocol (the old one moves to previous_protocols) with its audit record in one transaction,
 * then published, retained, on the device's down topic. Approved stays false until the device
 * acknowledges it.
 */
export async function addPrescription(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  body: PrescriptionBody,
  now = new Date(),
): Promise<PrescriptionRecord> {
  const patient = inScope(caller, 'patient', await patientsRepository.get(patientId));
  const checked = prescriptionFormSchema((await settingsOf(patient)).DwellTime).parse(body);
  if (!patient.Device) throw serialNumberRefused(p.serialNumberRequired);
  if (patient.Device.SerialNumber !== checked.SerialNumber) throw serialNumberRefused(p.notPatientsDevice);
  const { SerialNumber, ...input } = checked;
  const prescription = newPrescription(patientId, input, SerialNumber, caller.userId, now);
  const before = await prescriptionsRepository.currentPrescription(patient);
  const record = audit.write({
    entity: 'Prescription',
    id: prescription.PrescriptionId,
    before: before && { PrescriptionId: before.PrescriptionId },
    after: withoutStorageFields(prescription),
    PatientID: patientId,
    ClinicID: patient.ClinicID_ref,
    ServiceProviderID: patient.ServiceProviderID,
  });
  if (!(await prescriptionsRepository.addPrescription(prescription, { replaces: patient, audit: record }))) throw conflict(p.changedMeanwhile);
  await devicePublisher.prescription(withoutStorageFields(prescription));
  return prescription;
}

/** …/getPrescription: the current prescription with its approval, how many came before, the linked device. */
export async function getPrescription(caller: Caller, audit: AuditTrail, patientId: string): Promise<GetPrescriptionResult> {
  const patient = inScope(caller, 'patient', await patientsRepository.get(patientId));
  const prescription = await prescriptionsRepository.currentPrescription(patient);
  audit.read({
    entity: 'Prescription',
    id: prescription?.PrescriptionId ?? patientId,
    PatientID: patientId,
    ClinicID: patient.ClinicID_ref,
    ServiceProviderID: patient.ServiceProviderID,
  });
  return {
    prescription: prescription ?? null,
    previous: prescriptionsRepository.previousPrescriptionCount(patient),
    device: patient.Device ? { SerialNumber: patient.Device.SerialNumber } : null,
  };
}

/**
 * The patient's current prescription issued again for another device (a new id, the new serial
 * number, not approved): the device acknowledges what it was sent, so its approval is its own.
 */
export function reissuePrescription(prescription: PrescriptionRecord, serialNumber: string, now = new Date()): PrescriptionRecord {
  const { PrescriptionId, Created_UTC, SerialNumber, ...input } = withoutStorageFields(prescription);
  return newPrescription(prescription.PatientID, input, serialNumber, prescription.CreatedBy, now);
}

/** Sends a stored prescription to its device again (e.g. when a local broker lost its retained messages). */
export async function resendPrescription(prescription: PrescriptionRecord): Promise<void> {
  await devicePublisher.prescription(devicePrescriptionSchema.parse(withoutStorageFields(prescription)));
}
