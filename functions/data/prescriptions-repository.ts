import type { EntityItem } from 'electrodb';
import { devicePrescriptionSchema, protocolSummary } from '@shared/device';
import { auditItem, type AuditRecord } from './audit-repository';
import { db, type Db } from './entities';
import type { PatientRecord } from './patients-repository';
import { nextProtocols, type PrescriptionRecord } from './prescription-records';
import { isConditionFailure } from './table';
import { throwIfCanceled } from './transactions';
import { complete } from './page';

export type { PrescriptionRecord } from './prescription-records';

type PrescriptionItem = EntityItem<Db['entities']['prescription']>;

/** The stored device message is read back through its schema: what the device is sent again is what it was sent. */
function toPrescription(item: PrescriptionItem): PrescriptionRecord {
  return {
    ...devicePrescriptionSchema.parse(item.Message),
    PatientID: item.PatientID,
    Approved: item.Approved,
    ApprovedChangedAt: item.ApprovedChangedAt,
    CreatedBy: item.CreatedBy,
  };
}

/** A patient's prescriptions: the current one and its predecessors, saved, read and approved by the device. */
export const prescriptionsRepository = {
  async getPrescription(patientId: string, prescriptionId: string): Promise<PrescriptionRecord | undefined> {
    const { data } = await db().entities.prescription.get({ PatientID: patientId, PrescriptionId: prescriptionId }).go();
    return data ? toPrescription(data) : undefined;
  },

  async currentPrescription(patient: Pick<PatientRecord, 'UserID' | 'CurrentPrescriptionID'>): Promise<PrescriptionRecord | undefined> {
    return patient.CurrentPrescriptionID ? prescriptionsRepository.getPrescription(patient.UserID, patient.CurrentPrescriptionID) : undefined;
  },

  /** The current prescriptions of a page of patients (one BatchGet), by patient id. */
  async currentPrescriptions(patients: ReadonlyArray<Pick<PatientRecord, 'UserID' | 'CurrentPrescriptionID'>>): Promise<Map<string, PrescriptionRecord>> {
    const keys = patients.flatMap((patient) =>
      patient.CurrentPrescriptionID ? [{ PatientID: patient.UserID, PrescriptionId: patient.CurrentPrescriptionID }] : [],
    );
    if (keys.length === 0) return new Map();
    const result = await db().entities.prescription.get(keys).go();
    complete(result);
    return new Map(result.data.map((item) => [item.PatientID, toPrescription(item)]));
  },

  /**
   * Stores a prescription, not approved until the device acknowledges it, and makes it the
   * patient's current one, with its summary for the patient list: Protocols.current_protocol is the
   * new id and the one it replaces goes first in previous_protocols. Conditional on the current one
   * being `replaces` (absent: none), so two clinicians saving at once cannot lose one another's;
   * false when that check failed. The audit record, when given, is written in the same transaction.
   */
  async addPrescription(prescription: PrescriptionRecord, options: { replaces?: PatientRecord; audit?: AuditRecord } = {}): Promise<boolean> {
    const { PatientID, Approved, ApprovedChangedAt, CreatedBy, ...message } = prescription;
    const replaced = options.replaces?.CurrentPrescriptionID;
    const protocols = nextProtocols(options.replaces?.Protocols, replaced, message.PrescriptionId);
    const result = await db()
      .transaction.write(({ prescription: prescriptionEntity, patient, audit }) => [
        prescriptionEntity.create({ PatientID, PrescriptionId: message.PrescriptionId, Message: message, Approved, ApprovedChangedAt, CreatedBy }).commit(),
        patient
          .patch({ UserID: PatientID })
          .set({
            CurrentPrescriptionID: message.PrescriptionId,
            Protocols: protocols,
            ProtocolSummary: protocolSummary(message),
            ...(message.patientTimeZone ? { TimeZone: message.patientTimeZone } : {}),
          })
          .where((attributes, { eq, notExists }) =>
            options.replaces ? (replaced ? eq(attributes.CurrentPrescriptionID, replaced) : notExists(attributes.CurrentPrescriptionID)) : '',
          )
          .commit(),
        ...(options.audit ? [audit.create(auditItem(options.audit)).commit()] : []),
      ])
      .go();
    if (result.canceled && result.data[1]?.code === 'ConditionalCheckFailed') return false;
    throwIfCanceled(result);
    return true;
  },

  /** How many prescriptions came before the current one (as far as Protocols keeps them). */
  previousPrescriptionCount(patient: Pick<PatientRecord, 'Protocols'>): number {
    return patient.Protocols?.previous_protocols?.length ?? 0;
  },

  /** Marks a prescription approved (once: a repeated acknowledgement keeps the first time). Returns false if it was already approved. */
  async approvePrescription(patientId: string, prescriptionId: string, at: string): Promise<boolean> {
    try {
      await db()
        .entities.prescription.patch({ PatientID: patientId, PrescriptionId: prescriptionId })
        .set({ Approved: true, ApprovedChangedAt: at })
        .where((attributes, { eq }) => eq(attributes.Approved, false))
        .go();
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
