import type { AlertStatusValue } from '@shared/alerts';
import type { StoredAlert } from './entities/alert';
import type { ExchangeReport } from './entities/exchange';

/*
 * The exchange record and the patient's fields an exchange's write checks, in a module below both
 * the exchanges' repository and the ingest's kept state, which read them: neither imports the other
 * for a type.
 */

/**
 * An exchange as stored (spec section 3, Device exchange record): the device's report without its
 * raw turbidity series (kept in their own item, read only for the CSV), plus what ingest derived.
 */
export type ExchangeRecord = ExchangeReport & {
  PatientID: string;
  DeviceID: string;
  SerialNumber: string;
  ClinicID: string;
  ServiceProviderID: string;
  /** DeviceLocalDate as UTC, the sort order of every exchange list. */
  ExchangeTimeUtc: string;
  ReceivedAt: string;
  StatusAlerts: { statusValue: AlertStatusValue; alerts: StoredAlert[] };
  /** Drain minus the previous exchange's fill, ml; absent on a patient's first exchange. */
  Uf?: number;
  TargetWeightSnapshot?: number;
  PatientUtilizationSnapshot?: number;
  /** Set when a clinician cleared the exchange's alerts. */
  AlertsClearedAt?: string;
  /** How often the exchange was evaluated again (an earlier exchange arrived after it). */
  Revision?: number;
  /** A clinician's comment; shown instead of the report's own Note. */
  ClinicianNote?: string;
  /** Who entered the exchange by hand; absent on a device's exchange. */
  EnteredBy?: { UserID: string; Name: string };
  /** The raw turbidity series were stored (their own item). */
  HasTurbidity?: boolean;
};

/** The patient's fields a kept state is checked against (all that the alert engine reads of the patient). */
export const EXPECTED_PATIENT_FIELDS = [
  'ClinicID_ref',
  'ServiceProviderID',
  'ExchangeCount',
  'LastExchangeTime',
  'TargetWeight',
  'CurrentPrescriptionID',
  'TimeZone',
  'OpenVisitOpenDate',
  'LastVisitClosedDate',
] as const;
export type ExpectedPatientField = (typeof EXPECTED_PATIENT_FIELDS)[number];
