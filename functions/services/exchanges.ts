import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { monthAdherence, monthWindow, patientWeekOf, zonedDateTime } from '@shared/alerts';
import type {
  AdherenceResult,
  adherenceQuerySchema,
  clearAlertsResultSchema,
  exchangeNoteResultSchema,
  exchangeNoteSchema,
  ExchangeRow,
  exchangesQuerySchema,
  exchangesResultSchema,
  ManualExchange,
  turbidityResultSchema,
} from '@shared/api/exchanges';
import { convertTemperature, convertWeight, deviceExchangeSchema } from '@shared/device';
import * as messages from '@shared/messages';
import { effectiveSettings } from '@shared/settings';
import { DAY_MS } from '@shared/time';
import type { ClearingBy } from '../data/care-weeks-repository';
import { exchangesRepository, type ExchangeKey, type ExchangeRecord } from '../data/exchanges-repository';
import { patientsRepository, type PatientRecord } from '../data/patients-repository';
import { alertsRepository } from '../data/alerts-repository';
import { prescriptionsRepository } from '../data/prescriptions-repository';
import { settingsRepository } from '../data/settings-repository';
import { usersRepository } from '../data/users-repository';
import { RejectedMessage } from '../devices/rejected-message';
import { takeExchange } from '../devices/take-exchange';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { badRequest, conflict, notFound } from '../lib/errors';
import { inScope } from '../lib/scope';
import { reachablePatientWith } from './reachable-patient';

/**
 * The exchanges of a patient as the clinical staff see and annotate them (spec sections 3
 * "Device exchange record", 4 "Alert severity", 5 "Comments", 7 Staff): the table, notes, clearing
 * alerts, an exchange entered by hand, the turbidity CSV and the adherence calendar. Every call
 * reads the patient first and answers 404 for a patient out of the caller's reach.
 */

const DEFAULT_LIMIT = 50;
/** A page of the base table is one Query of at most this many items; a longer page takes several. */
const QUERY_LIMIT = 100;
/** A hand-entered exchange may be this far ahead of the server's clock (the browser's clock drifts), no further. */
const CLOCK_SKEW_MS = 60_000;
/** Unresolved alerts cleared per transaction, with their exchanges: well within TransactWriteItems' 100 items. */
const CLEAR_BATCH = 40;
const MAX_NOTE_ATTEMPTS = 3;

const round1 = (value: number) => Math.round(value * 10) / 10;

function reachablePatient(caller: Caller, patient: PatientRecord | undefined): PatientRecord {
  return inScope(caller, 'patient', patient);
}

const tenantOf = (patient: PatientRecord) => ({ PatientID: patient.UserID, ClinicID: patient.ClinicID_ref, ServiceProviderID: patient.ServiceProviderID });

/** A row of the exchanges table, in the table's units (spec section 9: °C, kg), the clinician's note over the device's. */
export function exchangeRow(exchange: ExchangeRecord): ExchangeRow {
  return {
    _id: exchange._id,
    DeviceLocalDate: exchange.DeviceLocalDate,
    ExchangeTimeUtc: exchange.ExchangeTimeUtc,
    SerialNumber: exchange.SerialNumber,
    ExchangeFluid: exchange.ExchangeFluid,
    StatusAlerts: exchange.StatusAlerts,
    AlertsClearedAt: exchange.AlertsClearedAt,
    DrainDuration: exchange.DrainDuration,
    DrainVolume: exchange.DrainVolume,
    DrainTemp: round1(convertTemperature(exchange.DrainTemp, exchange.TempUnit, 'C')),
    FillVolume: exchange.FillVolume,
    FillDuration: exchange.FillDuration,
    FillTemp: round1(convertTemperature(exchange.FillTemp, exchange.TempUnit, 'C')),
    WeightMeasure: exchange.WeightMeasure && {
      Value: round1(convertWeight(exchange.WeightMeasure.Value, exchange.WeightUnit, 'KG')),
      Time: exchange.WeightMeasure.Time,
    },
    TargetWeightSnapshot: exchange.TargetWeightSnapshot,
    BloodPressureMeasure: exchange.BloodPressureMeasure,
    PulseMeasure: exchange.PulseMeasure,
    PValue: exchange.PValue,
    Uf: exchange.Uf,
    Note: exchange.ClinicianNote ?? exchange.Note,
    MachineProblem: exchange.MachineProblem,
    BubblesTurbidityCalc: exchange.BubblesTurbidityCalc,
    PatientUtilizationSnapshot: exchange.PatientUtilizationSnapshot,
    HasTurbidity: exchange.HasTurbidity === true,
    EnteredBy: exchange.EnteredBy,
  };
}

/** A period's bounds as the exchange keys' times (UTC ISO); open ends reach every exchange. */
const utc = (iso: string | undefined, open: string) => (iso ? new Date(iso).toISOString() : open);

/** …/getExchanges: the patient's exchanges newest first, a page at a time, optionally within a period. */
export async function patientExchanges(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  query: z.output<typeof exchangesQuerySchema>,
): Promise<z.input<typeof exchangesResultSchema>> {
  const range = { from: utc(query.from, ''), to: utc(query.to, '9999') };
  const limit = query.limit ?? DEFAULT_LIMIT;
  const pageOf = (cursor: string | null) =>
    exchangesRepository.listForPatient(patientId, range, { limit: Math.min(QUERY_LIMIT, limit - exchanges.length), cursor });
  const exchanges: ExchangeRecord[] = [];
  // The first page is read with the patient (the tenant check); an empty period reads nothing.
  const [patient, first] = await reachablePatientWith(caller, patientId, async () => (range.from > range.to ? undefined : pageOf(query.cursor ?? null)));
  audit.read({ entity: 'Exchanges', id: patientId, ...tenantOf(patient) });
  const count = patient.ExchangeCount ?? 0;
  if (!first) return { exchanges: [], count };
  exchanges.push(...first.items);
  let cursor = first.cursor;
  while (cursor && exchanges.length < limit) {
    const page = await pageOf(cursor);
    exchanges.push(...page.items);
    cursor = page.cursor;
  }
  return { exchanges: exchanges.map(exchangeRow), count, ...(cursor ? { cursor } : {}) };
}

async function locatedExchange(patientId: string, exchangeId: string): Promise<{ key: ExchangeKey; exchange: ExchangeRecord }> {
  const key = await exchangesRepository.locate(patientId, exchangeId);
  if (!key) throw notFound();
  return { key, exchange: await exchangeAt(key) };
}

/** The exchange a located key names; not found when its locator outlived it. */
async function exchangeAt(key: ExchangeKey): Promise<ExchangeRecord> {
  const exchange = await exchangesRepository.get(key.PatientID, key.ExchangeTimeUtc, key._id);
  if (!exchange) throw notFound();
  return exchange;
}

/** …/saveExchangeNote: the clinician's comment on an exchange ('' or null removes it), audited in the same transaction. */
export async function saveExchangeNote(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  body: z.output<typeof exchangeNoteSchema>,
): Promise<z.input<typeof exchangeNoteResultSchema>> {
  const patient = reachablePatient(caller, await patientsRepository.get(patientId));
  const note = body.Note ? body.Note : undefined;
  for (let attempt = 1; attempt <= MAX_NOTE_ATTEMPTS; attempt += 1) {
    const { key, exchange } = await locatedExchange(patientId, body.Exchange_id);
    const previous = exchange.ClinicianNote;
    const record = audit.write({ entity: 'Exchange', id: key._id, before: { Note: previous }, after: { Note: note }, ...tenantOf(patient) });
    if ((await exchangesRepository.saveNote(key, note, previous, record)) === 'saved') return { _id: key._id, Note: note ?? exchange.Note };
  }
  throw conflict(messages.errors.internal);
}

/** Who clears, by name as the care team's week view shows it, and the patient's week it counts in. */
async function clearingBy(caller: Caller, patient: PatientRecord, clearedAt: string): Promise<ClearingBy> {
  const user = await usersRepository.get(caller.userId);
  return { week: patientWeekOf(patient, clearedAt), UserID: caller.userId, Name: user ? `${user.FirstName} ${user.LastName}` : caller.userId };
}

/**
 * …/clearAlerts: `_id` an exchange of the patient clears that exchange's unresolved alerts and
 * marks it cleared; `_id` the patient's id clears every unresolved alert of the patient (skipped
 * slots and device problems too); `_id` the AlertID of an alert no exchange carries (the patient
 * screen lists them) clears that alert. Clearing again clears nothing and says so (`cleared: 0`).
 */
export async function clearAlerts(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  body: { _id: string },
  now = new Date(),
): Promise<z.input<typeof clearAlertsResultSchema>> {
  const patient = reachablePatient(caller, await patientsRepository.get(patientId));
  const clearedAt = now.toISOString();
  const clearing = { patientId, clearedAt, by: await clearingBy(caller, patient, clearedAt) };
  const tenant = tenantOf(patient);
  /** The audit record of alerts that were the patient's, not one exchange's. */
  const patientRecord = (alerts: ReadonlyArray<{ AlertID: string }>) =>
    audit.write({
      entity: 'Patient',
      id: patientId,
      before: { UnresolvedAlerts: alerts.map((alert) => alert.AlertID) },
      after: { UnresolvedAlerts: [] },
      ...tenant,
    });
  let cleared = 0;
  const exchangeKey = body._id === patientId ? undefined : await exchangesRepository.locate(patientId, body._id);
  if (body._id === patientId) {
    let cursor: string | null = null;
    do {
      const page = await alertsRepository.listUnresolvedAlerts(patientId, { limit: CLEAR_BATCH, cursor });
      const exchanges = [...new Map(page.items.filter((alert) => alert.ExchangeID).map((alert) => [alert.ExchangeID!, alert])).values()].map((alert) => ({
        PatientID: patientId,
        ExchangeTimeUtc: alert.Time,
        _id: alert.ExchangeID!,
      }));
      cleared += await exchangesRepository.clearAlerts({ ...clearing, alerts: page.items, exchanges, audit: patientRecord });
      cursor = page.cursor;
    } while (cursor);
  } else if (exchangeKey) {
    const exchange = await exchangeAt(exchangeKey);
    const after = exchange.AlertsClearedAt ?? clearedAt;
    cleared = await exchangesRepository.clearAlerts({
      ...clearing,
      alerts: await exchangesRepository.unresolvedAlertsOf(exchangeKey),
      exchanges: exchange.AlertsClearedAt ? [] : [exchangeKey],
      audit: (pending) =>
        audit.write({
          entity: 'Exchange',
          id: exchangeKey._id,
          before: { AlertsClearedAt: exchange.AlertsClearedAt, UnresolvedAlerts: pending.map((alert) => alert.AlertID) },
          after: { AlertsClearedAt: after, UnresolvedAlerts: [] },
          ...tenant,
        }),
    });
  } else {
    const alert = await alertsRepository.getUnresolvedWithoutExchange(patientId, body._id);
    // One raised and cleared already clears nothing; an id never raised on the patient is unknown.
    if (!alert && !(await alertsRepository.wasRaisedWithoutExchange(patientId, body._id))) throw notFound();
    cleared = await exchangesRepository.clearAlerts({ ...clearing, alerts: alert ? [alert] : [], exchanges: [], audit: patientRecord });
  }
  const updated = await patientsRepository.get(patientId);
  return { cleared, PatientAlertStatus: (updated ?? patient).PatientAlertStatus };
}

/**
 * …/addExchange (beyond the spec): an exchange a clinician entered by hand, checked by the device
 * protocol's own rules and taken by the same engine as a device's (alerts, UF, counters, visit),
 * marked with who entered it; its audit record is written in the exchange's transaction.
 */
export async function addManualExchange(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  body: ManualExchange,
  now = new Date(),
): Promise<{ exchange: ExchangeRow }> {
  const patient = reachablePatient(caller, await patientsRepository.get(patientId));
  if (!patient.Device) throw badRequest(messages.patients.noDeviceForManualExchange);
  const parsed = deviceExchangeSchema.safeParse({ ...body, _id: `manual-${randomUUID()}` });
  if (!parsed.success) throw parsed.error;
  const exchange = parsed.data;
  if (Date.parse(exchange.DeviceLocalDate) > now.getTime() + CLOCK_SKEW_MS) throw badRequest(messages.patients.futureExchange);
  const user = await usersRepository.get(caller.userId);
  const enteredBy = { UserID: caller.userId, Name: user ? `${user.FirstName} ${user.LastName}` : caller.userId };
  const { _id, ...entered } = exchange;
  const record = audit.write({ entity: 'Exchange', id: _id, after: { ...entered, EnteredBy: enteredBy }, ...tenantOf(patient) });
  try {
    await takeExchange(patient.Device.SerialNumber, exchange, now, { enteredBy, patientId, audit: record });
  } catch (error) {
    // The device was unlinked or reassigned since the patient was read.
    if (error instanceof RejectedMessage) throw badRequest(messages.patients.noDeviceForManualExchange);
    throw error;
  }
  const stored = await exchangesRepository.get(patientId, new Date(exchange.DeviceLocalDate).toISOString(), _id);
  if (!stored) throw new Error(`Exchange ${_id} was taken but cannot be read back`);
  return { exchange: exchangeRow(stored) };
}

/** …/exchanges/{exchangeId}/turbidity (beyond the spec): an exchange's raw turbidity series, for its CSV. */
export async function exchangeTurbidity(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  exchangeId: string,
): Promise<z.input<typeof turbidityResultSchema>> {
  const patient = reachablePatient(caller, await patientsRepository.get(patientId));
  const { key, exchange } = await locatedExchange(patientId, exchangeId);
  audit.read({ entity: 'ExchangeTurbidity', id: key._id, ...tenantOf(patient) });
  const series = await exchangesRepository.getTurbidity(key);
  return { _id: key._id, SerialNumber: exchange.SerialNumber, DeviceLocalDate: exchange.DeviceLocalDate, ...series };
}

/**
 * …/adherence (beyond the spec): the adherence calendar of a month in the prescription's time
 * zone, from the patient's current prescription and exchanges (docs/alerts.md, "Adherence").
 */
export async function patientAdherence(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  query: z.output<typeof adherenceQuerySchema>,
  now = new Date(),
): Promise<AdherenceResult> {
  const patient = reachablePatient(caller, await patientsRepository.get(patientId));
  audit.read({ entity: 'Adherence', id: patientId, ...tenantOf(patient) });
  const [prescription, chain] = await Promise.all([
    prescriptionsRepository.currentPrescription(patient),
    settingsRepository.getChain(patient.ClinicID_ref, patient.ServiceProviderID),
  ]);
  const settings = effectiveSettings(chain.clinic, chain.serviceProvider, chain.global);
  const timeZone = prescription?.patientTimeZone ?? 'UTC';
  const local = zonedDateTime(now.getTime(), timeZone);
  const month = query.month ?? `${local.year}-${String(local.month).padStart(2, '0')}`;
  const { fromMs, toMs } = monthWindow(month, timeZone);
  const graceMs = settings.SkippedExchangeGraceTime * 60_000;
  const range = { from: new Date(fromMs - DAY_MS - graceMs).toISOString(), to: new Date(toMs + graceMs).toISOString() };
  const exchanges: ExchangeRecord[] = [];
  let cursor: string | null = null;
  if (prescription) {
    do {
      const page = await exchangesRepository.listForPatient(patientId, range, { limit: QUERY_LIMIT, cursor });
      exchanges.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
  }
  return monthAdherence({ prescription, exchanges, month, now, graceMinutes: settings.SkippedExchangeGraceTime, timeZone });
}
