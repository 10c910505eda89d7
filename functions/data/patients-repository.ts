import { statusFromCounts, type AlertStatusValue } from '@shared/alerts';
import type { PatientUpdate, PiiField } from '@shared/api/patients';
import { PATIENT_LIST_PAGE_MAX } from '@shared/api/page-sizes';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { auditItem, type AuditRecord } from './audit-repository';
import { db, type DeviceRoute, type ItemOf } from './entities';
import { allListShards, listShard } from './entities/shards';
import { complete, exactPage, pageOptions, shardedPage, toPage, type Page, type PageRequest } from './page';
import { throwIfCanceled } from './transactions';

/** A patient's current alert status: the highest severity among the unresolved alerts, and how many there are. */
export interface PatientAlertStatus {
  /** 1 with no unresolved alert, else the highest severity. */
  statusValue: AlertStatusValue;
  unresolved: number;
}

type PatientItem = ItemOf<'patient'>;

/**
 * The clinical profile (spec section 3, Patient) as the entity stores it, its counters of
 * unresolved alerts read as a status; personal data lives apart, in the PII item.
 */
export type PatientRecord = Omit<PatientItem, 'ListShard' | 'UnresolvedAlerts2' | 'UnresolvedAlerts3'> & { PatientAlertStatus: PatientAlertStatus };

/** What a new patient's clinical profile is made of; the rest starts empty. */
export type NewPatientRecord = Omit<
  PatientRecord,
  | 'PatientAlertStatus'
  | 'ExchangeCount'
  | 'LastExchangeTime'
  | 'CurrentPrescriptionID'
  | 'ProtocolSummary'
  | 'TimeZone'
  | 'OpenVisitOpenDate'
  | 'LastVisitClosedDate'
  | 'Device'
>;

/** The clinical fields a profile edit may change: the update's fields (shared/api) but the personal data, the assigned physician among them. */
export type EditablePatientFields = Partial<Pick<PatientRecord, Exclude<keyof PatientUpdate, PiiField>>>;

/** One profile edit, item by item: what `patientsRepository.update` writes in one transaction. */
export interface PatientEdit {
  clinical: EditablePatientFields;
  pii: { set: Partial<Omit<PatientPii, 'UserID'>>; remove: Array<'RacialDesignation'> };
  /** The SocialId's marker moves with it (uniqueness within the clinic). */
  socialId?: { clinicId: string; from: string; to: string };
}

/** Personal data (spec section 3, Patient: "separate PII profile"), as the entity stores it. */
export type PatientPii = ItemOf<'patientPii'>;

function toPatient({ ListShard, UnresolvedAlerts2, UnresolvedAlerts3, ...patient }: PatientItem): PatientRecord {
  return {
    ...patient,
    PatientAlertStatus: {
      statusValue: statusFromCounts(UnresolvedAlerts3, UnresolvedAlerts2),
      unresolved: (UnresolvedAlerts2 ?? 0) + (UnresolvedAlerts3 ?? 0),
    },
  };
}

/** A patient's clinical profile and, in an item apart, their personal data: read, listed, created, edited. */
export const patientsRepository = {
  async get(patientId: string): Promise<PatientRecord | undefined> {
    const { data } = await db().entities.patient.get({ UserID: patientId }).go();
    return data ? toPatient(data) : undefined;
  },

  /**
   * A patient and a device's route in one BatchGetItem (ingest: the patient a device last
   * reported for, read with the route that says whether it still does). Each is as fresh as its
   * own GetItem; keys DynamoDB leaves unprocessed are read one by one.
   */
  async getWithDeviceRoute(patientId: string, serialNumber: string): Promise<{ patient?: PatientRecord; route?: DeviceRoute }> {
    const { patient, serialNumber: routes } = db().entities;
    const patientGet = patient.get({ UserID: patientId }).params<{ TableName: string; Key: Record<string, string> }>();
    const routeGet = routes.get({ SerialNumber: serialNumber }).params<{ TableName: string; Key: Record<string, string> }>();
    const { TableName } = patientGet;
    const { Responses, UnprocessedKeys } = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [patientGet.Key, routeGet.Key] } } }),
    );
    if (UnprocessedKeys?.[TableName]?.Keys?.length) {
      const [patientRead, route] = await Promise.all([patientsRepository.get(patientId), routes.get({ SerialNumber: serialNumber }).go()]);
      return { patient: patientRead, route: route.data ?? undefined };
    }
    const items = Responses?.[TableName] ?? [];
    const itemAt = (key: Record<string, string>) => items.find((item) => Object.entries(key).every(([name, value]) => item[name] === value));
    const patientItem = itemAt(patientGet.Key);
    const routeItem = itemAt(routeGet.Key);
    const patientData = patientItem && patient.parse({ Item: patientItem }).data;
    const routeData = routeItem && routes.parse({ Item: routeItem }).data;
    return { patient: patientData ? toPatient(patientData) : undefined, route: routeData ?? undefined };
  },

  async getPii(patientId: string): Promise<PatientPii | undefined> {
    const { data } = await db().entities.patientPii.get({ UserID: patientId }).go();
    return data ?? undefined;
  },

  /** /patients of a clinic (director, nurse). */
  async listByClinic(clinicId: string, page?: PageRequest): Promise<Page<PatientRecord>> {
    const byClinic = () => db().entities.patient.query.byClinic({ ClinicID_ref: clinicId });
    return exactPage(
      page,
      (options) => byClinic().go({ ...options, hydrate: true }),
      async (cursor) => (await byClinic().go({ limit: 1, cursor, ignoreOwnership: true })).data.length > 0,
      toPatient,
      PATIENT_LIST_PAGE_MAX,
    );
  },

  /** /patients of a doctor. */
  async listByDoctor(doctorId: string, page?: PageRequest): Promise<Page<PatientRecord>> {
    const byDoctor = () => db().entities.patient.query.byDoctor({ DoctorID_ref: doctorId });
    return exactPage(
      page,
      (options) => byDoctor().go({ ...options, hydrate: true }),
      async (cursor) => (await byDoctor().go({ limit: 1, cursor, ignoreOwnership: true })).data.length > 0,
      toPatient,
      PATIENT_LIST_PAGE_MAX,
    );
  },

  /** Every patient's id, shard after shard (jobs, never a request path). */
  async listAllIds(page?: PageRequest): Promise<Page<string>> {
    return shardedPage(allListShards(), page ?? {}, async (ListShard, shardPage) =>
      toPage(
        await db()
          .entities.patient.query.all({ ListShard })
          .go({ ...pageOptions(shardPage), hydrate: true }),
        (item) => item.UserID,
      ),
    );
  },

  /** Several patients' personal data in one BatchGetItem (a list page's rows); absent ones are left out. */
  async getPiiMany(patientIds: readonly string[]): Promise<PatientPii[]> {
    if (patientIds.length === 0) return [];
    const result = await db()
      .entities.patientPii.get([...new Set(patientIds)].map((UserID) => ({ UserID })))
      .go();
    complete(result);
    return result.data;
  },

  /**
   * Stores a new patient: the SocialId's marker (unique within the clinic), the clinical profile,
   * the personal data apart and, when given, the audit record, all or nothing.
   * 'duplicateSocialId' when the clinic already has a patient with this SocialId.
   */
  async create(patient: NewPatientRecord, pii: PatientPii, audit?: AuditRecord): Promise<'created' | 'duplicateSocialId'> {
    const result = await db()
      .transaction.write(({ socialIdMarker, patient: patientEntity, patientPii, audit: auditEntity }) => [
        socialIdMarker.create({ ClinicID: patient.ClinicID_ref, SocialId: pii.SocialId, PatientID: patient.UserID }).commit(),
        patientEntity.create({ ...patient, ListShard: listShard(patient.UserID) }).commit(),
        patientPii.create(pii).commit(),
        ...(audit ? [auditEntity.create(auditItem(audit)).commit()] : []),
      ])
      .go();
    if (result.canceled && result.data[0]?.code === 'ConditionalCheckFailed') return 'duplicateSocialId';
    throwIfCanceled(result);
    return 'created';
  },

  /**
   * A profile edit in one transaction: the SocialId's marker moved (when it changed), the clinical
   * profile, the personal data and the audit record, all or nothing. 'duplicateSocialId' when the
   * new SocialId belongs to another patient of the clinic, 'changedMeanwhile' when another edit
   * moved the SocialId (or removed the patient) since this one read it.
   */
  async update(patientId: string, edit: PatientEdit, audit: AuditRecord): Promise<'updated' | 'duplicateSocialId' | 'changedMeanwhile'> {
    const { clinical, pii, socialId } = edit;
    const result = await db()
      .transaction.write(({ socialIdMarker, patient, patientPii, audit: auditEntity }) => {
        const piiKey = { UserID: patientId };
        const hasSet = Object.keys(pii.set).length > 0;
        const hasRemove = pii.remove.length > 0;
        // A SocialId moves only from the one this edit read: a concurrent edit that moved it fails here.
        const piiPatch =
          hasSet && hasRemove
            ? patientPii
                .patch(piiKey)
                .set(pii.set)
                .remove(pii.remove)
                .where(({ UserID, SocialId }, { eq, exists }) => (socialId ? eq(SocialId, socialId.from) : exists(UserID)))
                .commit()
            : hasSet
              ? patientPii
                  .patch(piiKey)
                  .set(pii.set)
                  .where(({ UserID, SocialId }, { eq, exists }) => (socialId ? eq(SocialId, socialId.from) : exists(UserID)))
                  .commit()
              : hasRemove
                ? patientPii.patch(piiKey).remove(pii.remove).commit()
                : undefined;
        return [
          ...(socialId
            ? [
                socialIdMarker.create({ ClinicID: socialId.clinicId, SocialId: socialId.to, PatientID: patientId }).commit(),
                // Never another patient's marker; a patient stored before markers existed has none to delete.
                socialIdMarker
                  .delete({ ClinicID: socialId.clinicId, SocialId: socialId.from })
                  .where(({ PatientID }, { eq, notExists }) => `${notExists(PatientID)} OR ${eq(PatientID, patientId)}`)
                  .commit(),
              ]
            : []),
          ...(Object.keys(clinical).length > 0 ? [patient.patch({ UserID: patientId }).set(clinical).commit()] : []),
          ...(piiPatch ? [piiPatch] : []),
          auditEntity.create(auditItem(audit)).commit(),
        ];
      })
      .go();
    const reasons: ReadonlyArray<{ code: string }> = result.data;
    if (result.canceled && socialId && reasons[0]?.code === 'ConditionalCheckFailed') return 'duplicateSocialId';
    if (result.canceled && reasons.some(({ code }) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'changedMeanwhile';
    throwIfCanceled({ canceled: result.canceled, data: [...reasons] });
    throwIfCanceled(result);
    return 'updated';
  },
};
