import type { Alert, AlertStatusValue } from '../../shared/alerts';
import type { DevicePrescription } from '../../shared/device';
import type { Address } from './service-providers-repository';
import { getItem, queryAll, transactWrite, updateItem, withoutKeys } from './table';

/** An alert as the patient carries it until a clinician clears it: which exchange raised it, and when. */
export interface PatientAlert extends Alert {
  AlertID: string;
  Time: string;
  ExchangeID?: string;
}

export interface PatientAlertStatus {
  /** 1 with no alert, else the highest severity (the later alert on ties). */
  statusValue: AlertStatusValue;
  alerts: PatientAlert[];
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
  /** The OpenDate of the open visit, the key of its item. */
  OpenVisitOpenDate?: string;
  /** Optimistic lock: ingest and clinicians' writes of the alert status check and bump it. */
  Version: number;
  CreatedAt: string;
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

export interface VisitMeasurement {
  ExchangeID: string;
  Time: string;
  WeightKg?: number;
  BloodPressure?: { Systolic: number; Diastolic: number };
  Pulse?: number;
  Uf?: number;
  DrainTempC?: number;
}

export interface VisitRecord {
  PatientID: string;
  Visited: boolean;
  OpenDate: string;
  ClosedDate?: string;
  StatusAlerts: PatientAlert[];
  Measurements: VisitMeasurement[];
  PatientUtilizationSnapshot?: number;
  Findings?: string;
  Recommendation?: string;
  UrineOutput?: number;
}

/** Patient items, all under the patient's partition; listed by clinic (gsi1) and by assigned doctor (gsi2). */
export const patientKeys = {
  profile: (patientId: string) => ({ pk: `PATIENT#${patientId}`, sk: 'PROFILE' }),
  pii: (patientId: string) => ({ pk: `PATIENT#${patientId}`, sk: 'PII' }),
  prescription: (patientId: string, prescriptionId: string) => ({ pk: `PATIENT#${patientId}`, sk: `PRESCRIPTION#${prescriptionId}` }),
  visit: (patientId: string, openDate: string) => ({ pk: `PATIENT#${patientId}`, sk: `VISIT#${openDate}` }),
  /** Marks an alert raised outside an exchange (a skipped slot, a device error) so it is raised once. */
  raisedAlert: (patientId: string, sourceId: string) => ({ pk: `PATIENT#${patientId}`, sk: `RAISED#${sourceId}` }),
  item: (patient: PatientRecord) => ({
    ...patientKeys.profile(patient.UserID),
    gsi1pk: `CLINIC#${patient.ClinicID_ref}`,
    gsi1sk: `PATIENT#${patient.UserID}`,
    gsi2pk: `DOCTOR#${patient.DoctorID_ref}`,
    gsi2sk: `PATIENT#${patient.UserID}`,
    gsi3pk: 'TYPE#PATIENT',
    gsi3sk: patient.UserID,
  }),
};

const strip = <T>(item: T | undefined) => item && (withoutKeys(item as object) as T);

export const patientsRepository = {
  get: async (patientId: string) => strip(await getItem<PatientRecord>(patientKeys.profile(patientId))),
  getPii: async (patientId: string) => strip(await getItem<PatientPii>(patientKeys.pii(patientId))),

  async listByClinic(clinicId: string): Promise<PatientRecord[]> {
    const items = await queryAll<PatientRecord>({ index: 'gsi1', pk: `CLINIC#${clinicId}`, skBeginsWith: 'PATIENT#' });
    return items.map((item) => withoutKeys(item) as PatientRecord);
  },

  /** Every patient id, for the scheduled skipped-exchange check (never a request path). */
  async listAllIds(): Promise<string[]> {
    const items = await queryAll<PatientRecord>({ index: 'gsi3', pk: 'TYPE#PATIENT' });
    return items.map((item) => item.UserID);
  },

  async create(patient: PatientRecord, pii: PatientPii): Promise<void> {
    await transactWrite([
      { Put: { TableName: '', Item: { ...patientKeys.item(patient), entity: 'Patient', ...patient }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: '', Item: { ...patientKeys.pii(patient.UserID), entity: 'PatientPII', ...pii }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
  },

  getPrescription: async (patientId: string, prescriptionId: string) =>
    strip(await getItem<PrescriptionRecord>(patientKeys.prescription(patientId, prescriptionId))),

  async currentPrescription(patient: Pick<PatientRecord, 'UserID' | 'CurrentPrescriptionID'>): Promise<PrescriptionRecord | undefined> {
    return patient.CurrentPrescriptionID ? patientsRepository.getPrescription(patient.UserID, patient.CurrentPrescriptionID) : undefined;
  },

  /** Stores a prescription, not approved until the device acknowledges it, and makes it the patient's current one. */
  async addPrescription(prescription: PrescriptionRecord): Promise<void> {
    await transactWrite([
      {
        Put: {
          TableName: '',
          Item: { ...patientKeys.prescription(prescription.PatientID, prescription.PrescriptionId), entity: 'Prescription', ...prescription },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: '',
          Key: patientKeys.profile(prescription.PatientID),
          UpdateExpression: 'SET CurrentPrescriptionID = :id',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':id': prescription.PrescriptionId },
        },
      },
    ]);
  },

  /** Marks a prescription approved (once: a repeated acknowledgement keeps the first time). Returns false if it was already approved. */
  async approvePrescription(patientId: string, prescriptionId: string, at: string): Promise<boolean> {
    try {
      await updateItem(patientKeys.prescription(patientId, prescriptionId), {
        expression: 'SET Approved = :true, ApprovedChangedAt = :at',
        values: { ':true': true, ':false': false, ':at': at },
        condition: 'attribute_exists(pk) AND Approved = :false',
      });
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  },

  /**
   * Raises an alert that no exchange carries (a skipped slot, a device's panic) once per source:
   * the source's marker, the patient's new status (if still at `expectedVersion`) and the open
   * visit's alerts, all or nothing. 'duplicate' when the source was already raised, 'conflict'
   * when the patient changed meanwhile.
   */
  async raiseAlert(input: {
    patientId: string;
    sourceId: string;
    alert: PatientAlert;
    expectedVersion: number;
    alertStatus: PatientAlertStatus;
    openVisitOpenDate?: string;
  }): Promise<'stored' | 'duplicate' | 'conflict'> {
    const items: Parameters<typeof transactWrite>[0] = [
      { Put: { TableName: '', Item: { ...patientKeys.raisedAlert(input.patientId, input.sourceId), entity: 'RaisedAlert' }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: '',
          Key: patientKeys.profile(input.patientId),
          UpdateExpression: 'SET PatientAlertStatus = :status, Version = :next',
          ConditionExpression: 'Version = :version',
          ExpressionAttributeValues: { ':status': input.alertStatus, ':version': input.expectedVersion, ':next': input.expectedVersion + 1 },
        },
      },
    ];
    if (input.openVisitOpenDate) {
      items.push({
        Update: {
          TableName: '',
          Key: patientKeys.visit(input.patientId, input.openVisitOpenDate),
          UpdateExpression: 'SET StatusAlerts = list_append(StatusAlerts, :alerts)',
          ConditionExpression: 'Visited = :false',
          ExpressionAttributeValues: { ':alerts': [input.alert], ':false': false },
        },
      });
    }
    try {
      await transactWrite(items);
      return 'stored';
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'duplicate';
      if (reasons.some((reason) => reason.Code === 'ConditionalCheckFailed')) return 'conflict';
      throw error;
    }
  },

  getVisit: async (patientId: string, openDate: string) => strip(await getItem<VisitRecord>(patientKeys.visit(patientId, openDate))),

  /** Newest first. */
  async listVisits(patientId: string): Promise<VisitRecord[]> {
    const items = await queryAll<VisitRecord>({ pk: `PATIENT#${patientId}`, skBeginsWith: 'VISIT#', ScanIndexForward: false });
    return items.map((item) => withoutKeys(item) as VisitRecord);
  },
};
