import {
  alertStatus,
  evaluateExchangeAlerts,
  isReportableMachineProblem,
  patientWeekOf,
  prescriptionUtilization,
  previousExchange,
  startOfLookBack,
  ultrafiltrationMl,
} from '@shared/alerts';
import type { DeviceExchange } from '@shared/device';
import type { ExchangeObservation } from '@shared/alerts';
import type { Settings } from '@shared/settings';
import { DAY_MS, HOUR_MS } from '@shared/time';
import type { AuditRecord } from '../data/audit-repository';
import { devicesRepository, type DeviceRoute } from '../data/devices-repository';
import { dueCheckItem } from '../data/due-checks-repository';
import { escalationDues } from './escalation-due';
import { EXPECTED_PATIENT_FIELDS, exchangesRepository, type ExchangeRecord, type ExpectedPatientField } from '../data/exchanges-repository';
import { patientsRepository, type PatientRecord } from '../data/patients-repository';
import type { PatientAlert } from '../data/alerts-repository';
import type { PrescriptionRecord } from '../data/prescriptions-repository';
import { ingestState, type EnginePatient } from '../data/ingest-state';
import { cachedCurrentPrescription, cachedSettingsForClinic } from './kept-reads';
import { nextDueCheckAt } from './due-schedule';
import { notifyChange } from './change-notice';
import { toPatientAlerts } from './patient-alerts';
import { RejectedMessage } from './rejected-message';

/** History the rules see at most, whatever the weight window. */
const HISTORY_MAX_ITEMS = 1000;
/** Utilization is measured over the last week. */
const UTILIZATION_WINDOW_DAYS = 7;
/** The open visit changed between reading the patient and writing: read again, at most this often. */
const MAX_ATTEMPTS = 3;

export type ExchangeOutcome = 'stored' | 'duplicate';

/** An exchange a clinician entered by hand (addExchange): who, the patient it is for, and the audit record stored with it. */
export interface ManualEntry {
  enteredBy: { UserID: string; Name: string };
  /** The device must still be this patient's, or the exchange is refused. */
  patientId: string;
  audit: AuditRecord;
}

type Evaluated = { alerts: PatientAlert[]; uf?: number; utilization?: number };
type EngineContext = { patient: EnginePatient; prescription?: PrescriptionRecord; settings: Settings; receivedAt: Date };

/**
 * Takes one exchange a device reported: stored once (a redelivered `_id` changes nothing), every
 * alert rule evaluated, the patient, open visit, device and counters updated in one transaction
 * (requests: docs/data-model.md, "Requests per exchange"). Exchanges out of order are all stored;
 * one evaluated without an earlier one is evaluated again once that one is stored (reevaluateLater).
 *
 * The story: the message was parsed (ingest.ts); find the device's route; read the patient and the
 * history, or use what was kept of them; evaluate; write; tell the screens.
 */
export async function takeExchange(serialNumber: string, exchange: DeviceExchange, receivedAt: Date, manual?: ManualEntry): Promise<ExchangeOutcome> {
  const exchangeTime = new Date(exchange.DeviceLocalDate);
  // What was kept of the device's patient: no read, and a write that goes through only if it still holds.
  const taken = manual ? undefined : await takeWithKnownState(serialNumber, exchange, receivedAt);
  if (taken) return taken;

  const { route, warm } = await routeOf(serialNumber, exchangeTime, manual);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const reads = withPatient(
      serialNumber,
      route,
      attempt === 1 && warm ? warm : await readsFor(route, exchangeTime, async () => ({ patient: await patientsRepository.get(route.PatientID) })),
    );
    const written = await evaluateAndWrite(route, reads, exchange, receivedAt, { manual });
    switch (written.outcome) {
      case 'conflict':
      case 'stale':
        continue;
      case 'duplicate':
        // The first delivery may have stopped after its transaction, before completing the evaluations it had to:
        // the window read holds what it stored, so this costs no request unless something is missing.
        await reevaluateLater(reads.stored, written.record.ExchangeTimeUtc, written.context, reads.lookBackMs - exchangeTime.getTime());
        return 'duplicate';
      case 'stored-concurrently':
        // Another exchange was stored between our read and our write: read the window again, this one included.
        await reevaluateLater(
          await exchangesRepository.historyForRules(route.PatientID, reads.window),
          written.record.ExchangeTimeUtc,
          written.context,
          reads.lookBackMs - exchangeTime.getTime(),
        );
        ingestState.patients.delete(serialNumber);
        await notifyStored(route);
        return 'stored';
      case 'stored':
        return completeStored(serialNumber, route, reads, written);
    }
  }
  throw new Error(`Patient ${route.PatientID}'s open visit kept changing while exchange ${exchange._id} was taken; it will be delivered again`);
}

/**
 * The exchange taken with what the engine kept of the device's patient (no read), written only if
 * that still holds; undefined, with what was kept forgotten, when nothing was kept, when it did
 * not hold (nothing written: the caller reads and takes it), or when the kept window does not
 * reach back as far as this exchange's look-back.
 */
async function takeWithKnownState(serialNumber: string, exchange: DeviceExchange, receivedAt: Date): Promise<ExchangeOutcome | undefined> {
  const known = ingestState.patients.get(serialNumber);
  if (!known) return undefined;
  const route = known.route as AssignedRoute;
  const settings = await cachedSettingsForClinic(route.ClinicID, route.ServiceProviderID);
  const { lookBackMs, window } = windowOf(new Date(exchange.DeviceLocalDate), settings);
  if (window.from >= known.from) {
    const stored = known.history.filter((earlier) => earlier.ExchangeTimeUtc >= window.from);
    const reads = { patient: known.patient, stored, settings, lookBackMs, window };
    const written = await evaluateAndWrite(route, reads, exchange, receivedAt, { kept: true });
    if (written.outcome === 'stored') return completeStored(serialNumber, route, reads, written);
  }
  ingestState.patients.delete(serialNumber);
  return undefined;
}

/**
 * Which patient, clinic and provider the device reports for, read from the table. When the device's
 * last route is known, the patient it names is read with the route, and that read (`warm`) is
 * used if the route still names that patient. A device unknown or not assigned is refused.
 */
async function routeOf(serialNumber: string, exchangeTime: Date, manual?: ManualEntry): Promise<{ route: AssignedRoute; warm?: Reads }> {
  const last = ingestState.routes.get(serialNumber);
  let route: DeviceRoute | undefined;
  let warm: Reads | undefined;
  if (isAssigned(last)) {
    const reads = await readsFor(last, exchangeTime, () => patientsRepository.getWithDeviceRoute(last.PatientID, serialNumber));
    route = reads.route;
    // Read for the patient the device no longer reports for: nothing of it is used.
    if (route && sameAssignment(route, last)) warm = reads;
  } else {
    route = await devicesRepository.routeBySerialNumber(serialNumber);
  }
  if (!route) {
    ingestState.routes.delete(serialNumber);
    throw new RejectedMessage(`No device has serial number ${serialNumber}`);
  }
  if (!isAssigned(route)) {
    ingestState.routes.delete(serialNumber);
    throw new RejectedMessage(`Device ${serialNumber} is not assigned to a patient`);
  }
  if (manual && manual.patientId !== route.PatientID) throw new RejectedMessage(`Device ${serialNumber} is not assigned to patient ${manual.patientId}`);
  ingestState.routes.set(serialNumber, route);
  return { route, warm };
}

const isAssigned = (route: DeviceRoute | undefined): route is AssignedRoute => !!(route?.PatientID && route.ClinicID && route.ServiceProviderID);

/** The reads with their patient, or the exchange refused: the device names a patient who does not exist. */
function withPatient(serialNumber: string, route: AssignedRoute, reads: Reads): Reads & { patient: EnginePatient } {
  const { patient } = reads;
  if (!patient) throw new RejectedMessage(`Device ${serialNumber} is assigned to patient ${route.PatientID}, who does not exist`);
  return { ...reads, patient };
}

/** The alert rules, UF and utilization of one exchange against the patient's earlier exchanges (newest first). */
function evaluate(
  exchange: ExchangeObservation & { _id: string; DeviceLocalDate: string },
  history: readonly ExchangeRecord[],
  context: EngineContext,
): Evaluated {
  const { patient, prescription, settings } = context;
  const exchangeTime = new Date(exchange.DeviceLocalDate);
  const alerts = toPatientAlerts(
    evaluateExchangeAlerts({ exchange, history, patient, prescription, settings }),
    exchangeTime.toISOString(),
    exchange._id,
    exchange._id,
  );
  const approved = prescription?.Approved ? prescription : undefined;
  const utilization =
    approved &&
    prescriptionUtilization({
      prescription: approved,
      exchanges: [exchange, ...history],
      from: new Date(exchangeTime.getTime() - UTILIZATION_WINDOW_DAYS * DAY_MS),
      to: new Date(Math.max(exchangeTime.getTime() + 1, context.receivedAt.getTime() - settings.SkippedExchangeGraceTime * 60_000)),
    }).utilization;
  const uf = ultrafiltrationMl(exchange, previousExchange(exchange, history, settings.MaxDwellHours));
  return { alerts, uf, utilization };
}

/** The exchanges of `window` (newest first) before `exchange`, as the rules read its history. */
const before = (window: readonly ExchangeRecord[], exchange: { _id: string; ExchangeTimeUtc: string }, fromMs: number) =>
  window.filter(
    (earlier) => earlier._id !== exchange._id && earlier.ExchangeTimeUtc <= exchange.ExchangeTimeUtc && Date.parse(earlier.ExchangeTimeUtc) >= fromMs,
  );

const sameAssignment = (a: DeviceRoute, b: DeviceRoute) =>
  a.DeviceID === b.DeviceID && a.PatientID === b.PatientID && a.ClinicID === b.ClinicID && a.ServiceProviderID === b.ServiceProviderID;

type Assignment = { PatientID: string; ClinicID: string; ServiceProviderID: string };
type AssignedRoute = DeviceRoute & Assignment;

/** Of the patient's profile, what the engine reads (and a kept state is checked against). */
const enginePatientOf = (patient: PatientRecord): EnginePatient => {
  const fields = Object.fromEntries(EXPECTED_PATIENT_FIELDS.map((field) => [field, patient[field]]));
  return { ...(fields as Pick<PatientRecord, ExpectedPatientField>), UserID: patient.UserID };
};

/**
 * The history window of an exchange: from as far back as a rule looks (the weight rule's window,
 * the week utilization counts, the longest dwell after which the previous fill still counts) on,
 * everything stored later in time included (exchanges stored before this one but later in time
 * were evaluated without it).
 */
function windowOf(exchangeTime: Date, settings: Settings) {
  const at = exchangeTime.getTime();
  const lookBackMs = Math.min(
    startOfLookBack(at, settings.WeightRecentlyFromLastTime, settings.WeightRecentlyFromLastTimeUnit),
    at - UTILIZATION_WINDOW_DAYS * DAY_MS,
    at - settings.MaxDwellHours * HOUR_MS,
  );
  return { lookBackMs, window: { from: new Date(lookBackMs).toISOString(), limit: HISTORY_MAX_ITEMS } };
}

interface Reads {
  patient?: EnginePatient;
  /** The patient's exchanges of the window, newest first. */
  stored: ExchangeRecord[];
  settings: Settings;
  lookBackMs: number;
  window: { from: string; limit: number };
}

/**
 * What the rules read for one exchange: the patient (with `readPatient`, which may bring the
 * device's route too) and the patient's history around the exchange, in one round trip: the
 * history's window needs only the settings (cached; on a miss they are read while the patient is).
 */
async function readsFor(
  { PatientID, ClinicID, ServiceProviderID }: Assignment,
  exchangeTime: Date,
  readPatient: () => Promise<{ patient?: PatientRecord; route?: DeviceRoute }>,
): Promise<Reads & { route?: DeviceRoute }> {
  const patientRead = readPatient();
  // Awaited below; a failure while the settings are read must not count as unhandled meanwhile.
  patientRead.catch(() => undefined);
  const settings = await cachedSettingsForClinic(ClinicID, ServiceProviderID);
  const { lookBackMs, window } = windowOf(exchangeTime, settings);
  const [{ patient, route }, stored] = await Promise.all([patientRead, exchangesRepository.historyForRules(PatientID, window)]);
  return { patient: patient && enginePatientOf(patient), route, stored, settings, lookBackMs, window };
}

/**
 * Evaluates the exchange against `reads` and writes it with everything it changes, in one
 * transaction (exchangesRepository.record); with `kept`, the reads are a state kept from the
 * patient's last exchange, and the write goes through only if it still holds ('stale' if not).
 */
async function evaluateAndWrite(
  route: AssignedRoute,
  reads: Reads & { patient: EnginePatient },
  exchange: DeviceExchange,
  receivedAt: Date,
  options: { manual?: ManualEntry; kept?: boolean },
) {
  const { patient, stored, settings, lookBackMs } = reads;
  const exchangeTime = new Date(exchange.DeviceLocalDate);
  const exchangeTimeUtc = exchangeTime.toISOString();
  const { manual } = options;
  // An approved prescription is cached; one not yet approved is read each time.
  const prescription = await cachedCurrentPrescription(patient);
  const context: EngineContext = { patient, prescription, settings, receivedAt };
  const history = before(stored, { _id: exchange._id, ExchangeTimeUtc: exchangeTimeUtc }, lookBackMs);
  const later = stored.filter((other) => other._id !== exchange._id && other.ExchangeTimeUtc > exchangeTimeUtc);

  const { alerts, uf, utilization } = evaluate(exchange, history, context);
  const { FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity, ...report } = exchange;
  const record: ExchangeRecord = {
    ...report,
    PatientID: patient.UserID,
    DeviceID: route.DeviceID,
    SerialNumber: route.SerialNumber,
    ClinicID: route.ClinicID,
    ServiceProviderID: route.ServiceProviderID,
    ExchangeTimeUtc: exchangeTimeUtc,
    ReceivedAt: receivedAt.toISOString(),
    StatusAlerts: { statusValue: alertStatus(alerts).statusValue, alerts },
    Uf: uf,
    TargetWeightSnapshot: patient.TargetWeight,
    PatientUtilizationSnapshot: utilization === undefined ? undefined : Math.round(utilization),
    EnteredBy: manual?.enteredBy,
  };
  const approved = prescription?.Approved ? prescription : undefined;
  const dueAt = approved && nextDueCheckAt(approved, Math.max(Date.now(), exchangeTime.getTime()), settings.SkippedExchangeGraceTime);
  const visit = { openDate: patient.OpenVisitOpenDate ?? exchangeTimeUtc, opens: !patient.OpenVisitOpenDate, periodStart: patient.LastVisitClosedDate ?? '' };
  const outcome = await exchangesRepository.record({
    exchange: record,
    turbidity: { FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity },
    alerts,
    visit,
    patientLastExchangeTime: patient.LastExchangeTime,
    patientExchangeCount: patient.ExchangeCount ?? 0,
    deviceError: isReportableMachineProblem(exchange.MachineProblem)
      ? { Time: exchangeTimeUtc, MachineProblem: exchange.MachineProblem!, MessageID: exchange._id }
      : undefined,
    deviceUtilization: record.PatientUtilizationSnapshot,
    dueCheck: dueAt ? dueCheckItem(patient.UserID, dueAt) : undefined,
    audit: manual?.audit,
    escalations: escalationDues(patient.UserID, alerts, settings, receivedAt),
    week: patientWeekOf(patient, exchangeTimeUtc),
    expect: options.kept ? { patient, devicePatientId: route.PatientID } : undefined,
  });
  // What the patient holds once this exchange is stored with the count expected (nothing else changed it).
  const after: EnginePatient = {
    ...patient,
    ExchangeCount: (patient.ExchangeCount ?? 0) + 1,
    LastExchangeTime: !patient.LastExchangeTime || patient.LastExchangeTime < exchangeTimeUtc ? exchangeTimeUtc : patient.LastExchangeTime,
    OpenVisitOpenDate: visit.openDate,
  };
  return { outcome, record, later, context, after };
}

/**
 * Keeps what the engine now knows of the patient for the device's next exchange: the window with
 * this exchange in it. Only when the window is whole as far as the reads can tell: not cut at its
 * limit, and holding the patient's last exchange if that falls in it (the patient and the history
 * are read at once, not as one snapshot: an exchange of another source stored between the two
 * reads would be counted and missing).
 */
function keep(
  serialNumber: string,
  route: AssignedRoute,
  reads: Reads & { patient: EnginePatient },
  written: { record: ExchangeRecord; after: EnginePatient },
) {
  const { patient, stored, window } = reads;
  // A window cut at HISTORY_MAX_ITEMS: what is kept would hold more than a read of it gives.
  if (stored.length >= window.limit) return ingestState.patients.delete(serialNumber);
  const lastMissing =
    patient.LastExchangeTime !== undefined && patient.LastExchangeTime >= window.from && !stored.some((e) => e.ExchangeTimeUtc === patient.LastExchangeTime);
  if (lastMissing) return ingestState.patients.delete(serialNumber);
  // Newest first as the table lists them (its sort key: time, then id), as a read of the window would give.
  const sortKey = (exchange: ExchangeRecord) => `${exchange.ExchangeTimeUtc}#${exchange._id}`;
  const history = [written.record, ...stored].sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : sortKey(a) > sortKey(b) ? -1 : 0));
  ingestState.patients.set(serialNumber, { route, patient: written.after, history, from: window.from });
}

/**
 * After an exchange was stored with the count expected: the exchanges stored later in time are
 * evaluated again with it, what the engine now knows of the patient is kept (unless one of them
 * was amended: what is kept would be stale) and the screens are told.
 */
async function completeStored(
  serialNumber: string,
  route: AssignedRoute,
  reads: Reads & { patient: EnginePatient },
  { record, later, context, after }: Awaited<ReturnType<typeof evaluateAndWrite>>,
): Promise<'stored'> {
  const { stored, lookBackMs } = reads;
  const amended =
    later.length > 0
      ? await reevaluateLater(
          [...later, record, ...before(stored, record, lookBackMs)],
          record.ExchangeTimeUtc,
          context,
          lookBackMs - Date.parse(record.ExchangeTimeUtc),
        )
      : 0;
  if (amended === 0) keep(serialNumber, route, reads, { record, after });
  else ingestState.patients.delete(serialNumber);
  await notifyStored(route);
  return 'stored';
}

/** Told once everything the exchange changes is written, so a screen that reads again sees it all. */
const notifyStored = ({ DeviceID, PatientID, ClinicID, ServiceProviderID }: AssignedRoute) =>
  notifyChange({ kind: 'exchange', DeviceID, PatientID, ClinicID, ServiceProviderID });

/**
 * Evaluates again the exchanges of `window` (newest first) from `fromTime` on, each with the
 * history the window now holds, and adds to each what it now raises: the alerts it lacked and a
 * UF it could not compute. An alert already raised stays (an extra alert is reviewed; a missing
 * one is the harm). `lookBackOffsetMs` is how far back an exchange's history reaches (negative).
 * Answers how many exchanges it set out to amend.
 */
async function reevaluateLater(window: ExchangeRecord[], fromTime: string, context: EngineContext, lookBackOffsetMs: number): Promise<number> {
  const candidates = window.filter((exchange) => exchange.ExchangeTimeUtc >= fromTime).reverse();
  let changed = 0;
  for (const candidate of candidates) {
    let current: ExchangeRecord | undefined = candidate;
    for (let attempt = 1; current && attempt <= MAX_ATTEMPTS; attempt += 1) {
      const history = before(window, current, Date.parse(current.ExchangeTimeUtc) + lookBackOffsetMs);
      const now = evaluate(current, history, context);
      const raised = new Set(current.StatusAlerts.alerts.map((alert) => alert.flag));
      const addAlerts = now.alerts.filter((alert) => !raised.has(alert.flag));
      const newUf = current.Uf === undefined && now.uf !== undefined ? now.uf : undefined;
      if (addAlerts.length === 0 && newUf === undefined) break;
      if (attempt === 1) changed += 1;
      const statusValue = alertStatus([...current.StatusAlerts.alerts, ...addAlerts]).statusValue;
      const week = patientWeekOf(context.patient, current.ExchangeTimeUtc);
      const escalations = escalationDues(current.PatientID, addAlerts, context.settings, new Date());
      if ((await exchangesRepository.amend(current, { addAlerts, statusValue, Uf: newUf, week, escalations })) === 'amended') break;
      current = await exchangesRepository.get(current.PatientID, current.ExchangeTimeUtc, current._id);
    }
  }
  return changed;
}
