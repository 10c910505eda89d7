import type { AlertStatusValue } from '@shared/alerts';
import type { ItemOf } from './entities';
import type { StoredAlert } from './entities/alert';
import type { ExchangeReport } from './entities/exchange';

/*
 * The exchange record and the patient's fields an exchange's write checks, in a module below both
 * the exchanges' repository and the ingest's kept state, which read them: neither imports the other
 * for a type.
 */

/**
 * An exchange as stored (spec section 3, Device exchange record): the device's report (the entity's
 * `Report`, spread) without its raw turbidity series (their own item, read only for the CSV), plus
 * what ingest derived, as the entity keeps it; the status and alerts read as the screens show them.
 */
export type ExchangeRecord = ExchangeReport &
  Omit<ItemOf<'exchange'>, 'ExchangeID' | 'Report' | 'StatusValue' | 'Alerts'> & { StatusAlerts: { statusValue: AlertStatusValue; alerts: StoredAlert[] } };

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
