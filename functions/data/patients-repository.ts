import type { EntityItem } from 'electrodb';
import { isoWeekOf, type AlertStatusValue } from '@shared/alerts';
import { convertTemperature, convertWeight, devicePrescriptionSchema, type DevicePrescription } from '@shared/device';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { auditItem, type AuditRecord } from './audit-repository';
import type { DeviceRoute } from './devices-repository';
import { db, type Db } from './entities';
import { storedAlertSchema, type StoredAlert } from './entities/alert';
import { allListShards, listShard } from './entities/shards';
import { exchangesRepository } from './exchanges-repository';
import { complete, pageOptions, shardedPage, toPage, type Page, type PageRequest } from './page';
import { nextProtocols } from './prescription-records';
import { type Address } from './service-providers-repository';
import { throwIfCanceled } from './transactions';
import { isConditionFailure } from './table';
import type { TurbidityCalc, TurbiditySums } from './visit-turbidity';

/** An alert as the patient carries it until a clinician clears it: which exchange raised it, and when. */
export type PatientAlert = StoredAlert;

/** A patient's current alert status: the highest severity among the unresolved alerts, and how many there are. */
export interface PatientAlertStatus {
  /** 1 with no unresolved alert, else the highest severity. */
  statusValue: AlertStatusValue;
  unresolved: number;
}

/** The clinical profile (spec section 3, Patient); personal data lives apart, in the PII item. */
export interface PatientRecord {
  UserID: string;
  ClinicID_ref: string;
  ServiceProviderID: string;
  DoctorID_ref: string;
  ReferringPhysician?: string;
  ReferringPhysician_Phone?: string;
  DialysisStart?: string;
  PeritonealDialysisStart?: string;
  Weight?: number;
  /** Dry weight, kg. */
  TargetWeight?: number;
  BloodPressure?: string;
  Pulse?: number;
  UrineOutput_CC?: number;
  GFR?: number;
  Protocols?: { current_protocol?: string; previous_protocols?: string[] };
  Device?: { SerialNumber: string; DeviceID: string };
  PatientAlertStatus: PatientAlertStatus;
  ExchangeCount?: number;
  LastExchangeTime?: string;
  CurrentPrescriptionID?: string;
  /** The current prescription in a few words, for the patient list ('' or absent without one). */
  ProtocolSummary?: string;
  /** The current prescription's time zone (absent before the first prescription saved with it): the patient's weeks are counted in it. */
  TimeZone?: string;
  /** The OpenDate of the open visit, the key of its item. */
  OpenVisitOpenDate?: string;
  /** When the last visit was closed: where the next visit's period starts. */
  LastVisitClosedDate?: string;
  CreatedAt: string;
}

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

/** The clinical fields a profile edit may change (the assigned physician among them). */
export type EditablePatientFields = Partial<
  Pick<
    PatientRecord,
    | 'DoctorID_ref'
    | 'ReferringPhysician'
    | 'ReferringPhysician_Phone'
    | 'DialysisStart'
    | 'PeritonealDialysisStart'
    | 'Weight'
    | 'TargetWeight'
    | 'BloodPressure'
    | 'Pulse'
    | 'UrineOutput_CC'
    | 'GFR'
  >
>;

/** One profile edit, item by item: what `patientsRepository.update` writes in one transaction. */
export interface PatientEdit {
  clinical: EditablePatientFields;
  pii: { set: Partial<Omit<PatientPii, 'UserID'>>; remove: Array<'RacialDesignation'> };
  /** The SocialId's marker moves with it (uniqueness within the clinic). */
  socialId?: { clinicId: string; from: string; to: string };
}

/** Personal data (spec section 3, Patient: "separate PII profile"). */
export interface PatientPii {
  UserID: string;
  FirstName: string;
  LastName: string;
  DOB: string;
  Gender: 'Male' | 'Female';
  Hispanic: boolean;
  RacialDesignation?: string[];
  SocialId: string;
  Address: Address;
  Phone: string;
  Cellphone: string;
  Email: string;
}

export interface PrescriptionRecord extends DevicePrescription {
  PatientID: string;
  Approved: boolean;
  ApprovedChangedAt?: string;
  CreatedBy: string;
}

/** One exchange's readings as a visit shows them. */
export interface VisitMeasurement {
  ExchangeID: string;
  Time: string;
  WeightKg?: number;
  BloodPressure?: { Systolic: number; Diastolic: number };
  Pulse?: number;
  Uf?: number;
  DrainTempC?: number;
  /** The device's turbidity statistics of the exchange (NTU), for the visit's turbidity figure. */
  BubblesTurbidityCalc?: TurbidityCalc;
}

/** A visit: its period and counters; its measurements and alerts are read by key range (visitMeasurements, visitAlerts). */
export interface VisitRecord extends TurbiditySums {
  PatientID: string;
  Visited: boolean;
  OpenDate: string;
  /** The previous visit's ClosedDate ('' for the first visit): the period is (PeriodStart, ClosedDate]. */
  PeriodStart: string;
  ClosedDate?: string;
  ExchangeCount?: number;
  AlertCount?: number;
  /** Set when ingest keeps the turbidity sums (TurbiditySums) of the visit's exchanges on it (visit.ts). */
  KeepsTurbiditySums?: boolean;
  PatientUtilizationSnapshot?: number;
  Findings?: string;
  Recommendation?: string;
  UrineOutput?: number;
  /** Set when closed: the visit highlights' counts (spec section 9) as the clinician saw them. */
  Highlights?: Record<string, number>;
  /** Set when closed: the visit turbidity figure (spec section 9), when the visit had turbidity statistics. */
  Turbidity?: number;
  /** Set when closed: the prescription current at the visit. */
  PrescriptionID?: string;
}

type PatientItem = EntityItem<Db['entities']['patient']>;
type PrescriptionItem = EntityItem<Db['entities']['prescription']>;

/** The status a patient's unresolved-alert counters give: the highest severity with any (spec section 4). */
export function statusFromCounts(high = 0, medium = 0): AlertStatusValue {
  if (high > 0) return 3;
  if (medium > 0) return 2;
  return 1;
}

const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * A prescription in a few words for the patient list: the most exchanges of any day and the
 * fluids in the order prescribed ('4 exchanges a day: DIAneal 1.36%, DIAneal 2.27%, EXTRAneal').
 */
export function protocolSummary(prescription: Pick<DevicePrescription, 'Exchanges'>): string {
  const perDay = Math.max(
    ...DAY_CODES.map((day) =>
      prescription.Exchanges.filter((exchange) => exchange.ExchangeDaysFrequency.includes(day)).reduce(
        (sum, exchange) => sum + exchange.ExchangeTime.length,
        0,
      ),
    ),
  );
  const fluids = [...new Set(prescription.Exchanges.map((exchange) => exchange.ExchangeFluid))];
  return `${perDay} exchange${perDay === 1 ? '' : 's'} a day: ${fluids.join(', ')}`;
}

function toPatient({ ListShard, UnresolvedAlerts2, UnresolvedAlerts3, ...patient }: PatientItem): PatientRecord {
  return {
    ...patient,
    PatientAlertStatus: {
      statusValue: statusFromCounts(UnresolvedAlerts3, UnresolvedAlerts2),
      unresolved: (UnresolvedAlerts2 ?? 0) + (UnresolvedAlerts3 ?? 0),
    },
  };
}

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

/** A visit's period as a key range: after the previous visit closed, up to this one's close. */
const periodOf = (visit: Pick<VisitRecord, 'PeriodStart' | 'ClosedDate'>) => ({
  from: visit.PeriodStart ? `${visit.PeriodStart}~` : '',
  to: visit.ClosedDate ?? '9999',
});

/** Alerts are read back through the rules' own schema (flag, severity, text), so a list never shows an alert the rules could not raise. */
const toAlert = ({ PatientID, ...alert }: StoredAlert & { PatientID: string }): PatientAlert => storedAlertSchema.parse(alert);

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
    return toPage(
      await db()
        .entities.patient.query.byClinic({ ClinicID_ref: clinicId })
        .go({ ...pageOptions(page), hydrate: true }),
      toPatient,
    );
  },

  /** /patients of a doctor. */
  async listByDoctor(doctorId: string, page?: PageRequest): Promise<Page<PatientRecord>> {
    return toPage(
      await db()
        .entities.patient.query.byDoctor({ DoctorID_ref: doctorId })
        .go({ ...pageOptions(page), hydrate: true }),
      toPatient,
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

  async getPrescription(patientId: string, prescriptionId: string): Promise<PrescriptionRecord | undefined> {
    const { data } = await db().entities.prescription.get({ PatientID: patientId, PrescriptionId: prescriptionId }).go();
    return data ? toPrescription(data) : undefined;
  },

  async currentPrescription(patient: Pick<PatientRecord, 'UserID' | 'CurrentPrescriptionID'>): Promise<PrescriptionRecord | undefined> {
    return patient.CurrentPrescriptionID ? patientsRepository.getPrescription(patient.UserID, patient.CurrentPrescriptionID) : undefined;
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

  /**
   * Raises an alert that no exchange carries (a skipped slot, a device's panic) once per source:
   * the source's marker, the alert (history and unresolved) and the patient's counters, all or
   * nothing; the open visit counts it. 'duplicate' when the source was already raised, 'conflict'
   * when the open visit was closed meanwhile (read the patient again).
   */
  async raiseAlert(input: {
    patientId: string;
    sourceId: string;
    alert: PatientAlert;
    openVisitOpenDate?: string;
    /** The patient's week the alert counts in (the care team's week view; the alert's UTC week when absent). */
    week?: string;
  }): Promise<'stored' | 'duplicate' | 'conflict'> {
    const { patientId, alert } = input;
    const result = await db()
      .transaction.write(({ raisedAlertMarker, alert: alertEntity, unresolvedAlert, patient, visit, patientWeek }) => [
        raisedAlertMarker.create({ PatientID: patientId, SourceID: input.sourceId }).commit(),
        alertEntity.put({ PatientID: patientId, ...alert }).commit(),
        unresolvedAlert.put({ PatientID: patientId, ...alert }).commit(),
        patient
          .patch({ UserID: patientId })
          .add(alert.severity === 3 ? { UnresolvedAlerts3: 1 } : { UnresolvedAlerts2: 1 })
          .commit(),
        ...(input.openVisitOpenDate
          ? [
              visit
                .patch({ PatientID: patientId, OpenDate: input.openVisitOpenDate })
                .add({ AlertCount: 1 })
                .where((attributes, { eq }) => eq(attributes.Visited, false))
                .commit(),
            ]
          : []),
        patientWeek
          .update({ PatientID: patientId, Week: input.week ?? isoWeekOf(Date.parse(alert.Time), 'UTC') })
          .add({ AlertsRaised: 1 })
          .commit(),
      ])
      .go();
    if (!result.canceled) return 'stored';
    if (result.data[0]?.code === 'ConditionalCheckFailed') return 'duplicate';
    if (result.data.some((item) => item.code === 'ConditionalCheckFailed' || item.code === 'TransactionConflict')) return 'conflict';
    throwIfCanceled(result);
    return 'conflict';
  },

  /**
   * A clinician resolved an alert: it leaves the unresolved alerts and the patient's counter, in
   * one transaction (the history keeps it). False if it was already resolved.
   */
  async resolveAlert(patientId: string, alert: Pick<PatientAlert, 'Time' | 'AlertID' | 'severity'>): Promise<boolean> {
    const result = await db()
      .transaction.write(({ unresolvedAlert, patient }) => [
        unresolvedAlert
          .delete({ PatientID: patientId, Time: alert.Time, AlertID: alert.AlertID })
          .where((attributes, { exists }) => exists(attributes.AlertID))
          .commit(),
        patient
          .patch({ UserID: patientId })
          .add(alert.severity === 3 ? { UnresolvedAlerts3: -1 } : { UnresolvedAlerts2: -1 })
          .commit(),
      ])
      .go();
    if (!result.canceled) return true;
    const reasons: ReadonlyArray<{ code: string }> = result.data;
    if (reasons[0]?.code === 'ConditionalCheckFailed') return false;
    throwIfCanceled({ canceled: true, data: [...reasons] });
    return false;
  },

  /** The patient's unresolved alerts, oldest first (a list row reads the first few: `{ limit }`). */
  async listUnresolvedAlerts(patientId: string, page?: PageRequest): Promise<Page<PatientAlert>> {
    return toPage(await db().entities.unresolvedAlert.query.byPatient({ PatientID: patientId }).go(pageOptions(page)), toAlert);
  },

  /** The patient's alert history between two UTC times, newest first. */
  async listAlerts(patientId: string, range: { from: string; to: string }, page?: PageRequest): Promise<Page<PatientAlert>> {
    const result = await db()
      .entities.alert.query.byPatient({ PatientID: patientId })
      .between({ Time: range.from }, { Time: `${range.to}~` })
      .go({ ...pageOptions(page), order: 'desc' });
    return toPage(result, toAlert);
  },

  async getVisit(patientId: string, openDate: string): Promise<VisitRecord | undefined> {
    const { data } = await db().entities.visit.get({ PatientID: patientId, OpenDate: openDate }).go();
    return data ?? undefined;
  },

  /** A patient's visits, newest first. */
  async listVisits(patientId: string, page?: PageRequest): Promise<Page<VisitRecord>> {
    return toPage(
      await db()
        .entities.visit.query.byPatient({ PatientID: patientId })
        .go({ ...pageOptions(page), order: 'desc' }),
      (visit) => visit,
    );
  },

  /** A visit's measurements: the readings of the patient's exchanges within the visit's period, newest first. */
  async visitMeasurements(visit: Pick<VisitRecord, 'PatientID' | 'PeriodStart' | 'ClosedDate'>, page?: PageRequest): Promise<Page<VisitMeasurement>> {
    const exchanges = await exchangesRepository.listForPatient(visit.PatientID, periodOf(visit), page);
    return {
      items: exchanges.items.map((exchange) => ({
        ExchangeID: exchange._id,
        Time: exchange.ExchangeTimeUtc,
        WeightKg: exchange.WeightMeasure ? convertWeight(exchange.WeightMeasure.Value, exchange.WeightUnit, 'KG') : undefined,
        BloodPressure: exchange.BloodPressureMeasure?.Value,
        Pulse: exchange.PulseMeasure?.Value,
        Uf: exchange.Uf,
        DrainTempC: convertTemperature(exchange.DrainTemp, exchange.TempUnit, 'C'),
        BubblesTurbidityCalc: exchange.BubblesTurbidityCalc,
      })),
      cursor: exchanges.cursor,
    };
  },

  /** A visit's alerts: the patient's alerts within the visit's period, newest first. */
  async visitAlerts(visit: Pick<VisitRecord, 'PatientID' | 'PeriodStart' | 'ClosedDate'>, page?: PageRequest): Promise<Page<PatientAlert>> {
    return patientsRepository.listAlerts(visit.PatientID, periodOf(visit), page);
  },

  /**
   * Closes the open visit (the clinician saved it): the visit gets its ClosedDate, findings and
   * what it showed when closed, the patient has no open visit until the next exchange opens one,
   * whose period starts here. Conditional on the visit being open: of two clinicians closing at
   * once, one closes it and the other gets 'not-open'. The audit record, when given, is in the
   * same transaction.
   */
  async closeVisit(
    patientId: string,
    openDate: string,
    closedDate: string,
    findings: Pick<
      VisitRecord,
      'Findings' | 'Recommendation' | 'UrineOutput' | 'PatientUtilizationSnapshot' | 'Highlights' | 'Turbidity' | 'PrescriptionID'
    > = {},
    audit?: AuditRecord,
    /** The patient's week the close counts in (the care team's week view). */
    week?: string,
  ): Promise<'closed' | 'not-open'> {
    for (let attempt = 1; ; attempt += 1) {
      const result = await db()
        .transaction.write(({ visit, patient, audit: auditEntity, patientWeek }) => [
          visit
            .patch({ PatientID: patientId, OpenDate: openDate })
            .set({ ...findings, Visited: true, ClosedDate: closedDate })
            .where((attributes, { eq }) => eq(attributes.Visited, false))
            .commit(),
          patient
            .patch({ UserID: patientId })
            .set({ LastVisitClosedDate: closedDate })
            .remove(['OpenVisitOpenDate'])
            .where((attributes, { eq }) => eq(attributes.OpenVisitOpenDate, openDate))
            .commit(),
          ...(audit ? [auditEntity.create(auditItem(audit)).commit()] : []),
          ...(week ? [patientWeek.update({ PatientID: patientId, Week: week }).add({ VisitsClosed: 1 }).commit()] : []),
        ])
        .go();
      if (!result.canceled) return 'closed';
      const codes = result.data.map((item) => item.code);
      if (codes.includes('ConditionalCheckFailed')) return 'not-open';
      // Lost a race for the items (TransactionConflict): try again; the visit's condition decides.
      if (!codes.includes('TransactionConflict') || attempt >= 5) throwIfCanceled(result);
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  },
};
