import type { Settings } from '../settings';
import type { TemperatureUnit, WeightUnit } from '../device/units';
import { timeOf } from './numbers';
import { HOUR_MS } from '../time';

/**
 * An exchange as the alert rules read it: a device exchange record (shared/device) fits, and so
 * does a stored or hand-entered exchange that lacks some measures. An absent TempUnit means °C
 * and an absent WeightUnit kg, the units the exchange table shows (spec section 9).
 */
export interface ExchangeObservation {
  _id?: string;
  DeviceLocalDate: string;
  ExchangeFluid?: string;
  FillVolume?: number | null;
  DrainVolume?: number | null;
  DrainTemp?: number | null;
  TempUnit?: TemperatureUnit;
  WeightUnit?: WeightUnit;
  WeightMeasure?: { Value: number; Time?: string } | null;
  BloodPressureMeasure?: { Value: { Systolic: number; Diastolic: number }; Time?: string } | null;
  PulseMeasure?: { Value: number; Time?: string } | null;
  BubblesTurbidityCalc?: {
    meanCleanDrain: number;
    stdevCleanDrain: number;
    meanCleanFill: number;
    stdevCleanFill: number;
  } | null;
  MachineProblem?: string | null;
}

export interface PatientObservation {
  /** Dry weight in kg (spec section 3, Patient). */
  TargetWeight?: number | null;
}

/** What of a prescription the schedule rules read (spec section 3, Protocol / prescription). */
export interface PrescriptionSchedule {
  Exchanges: ReadonlyArray<{
    ExchangeDaysFrequency: readonly string[];
    ExchangeTime: readonly string[];
  }>;
  /** IANA zone the ExchangeTime values are in; UTC when absent. */
  patientTimeZone?: string | null;
  /** No slot before the prescription was made counts. */
  Created_UTC?: string | null;
}

export interface ExchangeAlertInput {
  /** The exchange just reported. */
  exchange: ExchangeObservation;
  /** The patient's earlier exchanges, newest first; may be empty. The first is the previous exchange. */
  history: readonly ExchangeObservation[];
  patient?: PatientObservation | null;
  /** The current prescription, if any. No per-exchange rule reads it today; skipped exchanges do. */
  prescription?: PrescriptionSchedule | null;
  /** The effective settings (clinic over provider over global). */
  settings: Settings;
}

/**
 * The patient's exchanges before this one, newest first. The exchange itself is left out (it may
 * have been stored before its rules ran, or delivered twice), and so is any entry not strictly
 * earlier than it: an exchange delivered late must not take a later one as its "previous"
 * exchange. Entries whose date cannot be read are left out when the exchange's own date can.
 * Two exchanges of the same second (a device's dates have whole seconds) are ordered as the table
 * lists them, by `_id`: the history a container kept in the order it took them and the one read
 * back give the same previous exchange.
 */
export function earlierExchanges(exchange: ExchangeObservation, history: readonly ExchangeObservation[]): readonly ExchangeObservation[] {
  const others = exchange._id === undefined ? history : history.filter((entry) => entry._id !== exchange._id);
  const atMs = timeOf(exchange.DeviceLocalDate);
  if (atMs === undefined) return others;
  return others
    .map((entry) => ({ entry, ms: timeOf(entry.DeviceLocalDate) }))
    .filter((item): item is { entry: ExchangeObservation; ms: number } => item.ms !== undefined && item.ms < atMs)
    .sort((a, b) => b.ms - a.ms || newerIdFirst(a.entry._id, b.entry._id))
    .map((item) => item.entry);
}

/** Newest first by `_id` (byte order, as DynamoDB sorts the key that ends with it). */
const newerIdFirst = (a: string | undefined, b: string | undefined) => (a === b ? 0 : (a ?? '') < (b ?? '') ? 1 : -1);

/**
 * The exchange whose fill this exchange drains: the one just before it, if it lies no more than
 * `maxDwellHours` earlier. After a longer gap (a stay in hospital, manual bags, a new device) the
 * fluid in the abdomen is not known, so the volume rules (LowUfAlert, NoDrainAlert) stay silent
 * rather than compare with a fill that was drained long ago.
 */
export function previousExchange(
  exchange: ExchangeObservation,
  history: readonly ExchangeObservation[],
  maxDwellHours: number,
): ExchangeObservation | undefined {
  const previous = earlierExchanges(exchange, history)[0];
  if (!previous) return undefined;
  const atMs = timeOf(exchange.DeviceLocalDate);
  const previousMs = timeOf(previous.DeviceLocalDate);
  if (atMs === undefined || previousMs === undefined) return previous;
  return atMs - previousMs <= maxDwellHours * HOUR_MS ? previous : undefined;
}
