import {
  alertStatus,
  evaluateExchangeAlerts,
  isReportableMachineProblem,
  prescriptionUtilization,
  previousExchange,
  startOfLookBack,
  ultrafiltrationMl,
} from '@shared/alerts';
import type { DeviceExchange } from '@shared/device';
import type { ExchangeObservation } from '@shared/alerts';
import type { Settings } from '@shared/settings';
import type { AuditRecord } from '../data/audit-repository';
import { devicesRepository, type DeviceRoute } from '../data/devices-repository';
import { patientWeekOf } from '../data/care-weeks-repository';
import { dueCheckItem } from '../data/due-checks-repository';
import { exchangesRepository, type ExchangeRecord } from '../data/exchanges-repository';
import { patientsRepository, type PatientAlert, type PatientRecord, type PrescriptionRecord } from '../data/patients-repository';
import { cachedCurrentPrescription, cachedSettingsForClinic, forgetRoute, lastRouteOf, rememberRoute } from './engine-cache';
import { nextDueCheckAt } from './due-schedule';
import { notifyChange } from './change-notice';
import { toPatientAlerts } from './patient-alerts';
import { RejectedMessage } from './rejected-message';

const DAY_MS = 24 * 60 * 60 * 1000;
/** History the rules see at least (the previous exchange for UF), and at most, whatever the weight window. */
const HISTORY_MIN_DAYS = 14;
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

/** The alert rules, UF and utilization of one exchange against the patient's earlier exchanges (newest first). */
function evaluate(
  exchange: ExchangeObservation & { _id: string; DeviceLocalDate: string },
  history: readonly ExchangeRecord[],
  context: { patient: PatientRecord; prescription?: PrescriptionRecord; settings: Settings; receivedAt: Date },
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

/**
 * What the rules read for one exchange: the patient (with `readPatient`, which may bring the
 * device's route too) and the patient's history around the exchange, in one round trip: the
 * history's window needs only the settings (cached; on a miss they are read while the patient is).
 */
async function readsFor(
  { PatientID, ClinicID, ServiceProviderID }: Assignment,
  exchangeTime: Date,
  readPatient: () => Promise<{ patient?: PatientRecord; route?: DeviceRoute }>,
) {
  const patientRead = readPatient();
  // Awaited below; a failure while the settings are read must not count as unhandled meanwhile.
  patientRead.catch(() => undefined);
  const settings = await cachedSettingsForClinic(ClinicID, ServiceProviderID);
  const lookBackMs = Math.min(
    startOfLookBack(exchangeTime.getTime(), settings.WeightRecentlyFromLastTime, settings.WeightRecentlyFromLastTimeUnit),
    exchangeTime.getTime() - HISTORY_MIN_DAYS * DAY_MS,
  );
  // The same span after the exchange too: exchanges stored before this one but later in time were evaluated without it.
  const window = { from: new Date(lookBackMs).toISOString(), to: new Date(2 * exchangeTime.getTime() - lookBackMs).toISOString(), limit: HISTORY_MAX_ITEMS };
  const [{ patient, route }, stored] = await Promise.all([patientRead, exchangesRepository.historyForRules(PatientID, window)]);
  return { patient, route, stored, settings, lookBackMs, window };
}

/**
 * Takes one exchange a device reported: stores it once (its `_id` makes a redelivery change
 * nothing), evaluates every alert rule with the clinic's effective settings, and updates in the
 * same transaction the patient's alert counters, the open visit, the device's errors and
 * utilization, and the exchange counters of the device, clinic, provider and platform.
 *
 * DynamoDB requests in the common case (the device reported to this container before): the
 * serial number's route with the patient it named (1 BatchGetItem), the history (1), sent
 * together, then the transaction (1): two round trips. A device's first exchange in a container
 * reads the route (1), then the patient (1) with the history (1). The settings (1 BatchGet) and
 * an approved prescription (1) only when not cached (engine-cache.ts). At most 6.
 *
 * Exchanges of one patient taken at once, or arriving out of order, are all stored (the writes
 * commute); an exchange evaluated without an earlier one that was not yet stored is evaluated
 * again once it is, and gets the alerts it then raises (reevaluateLater).
 */
export async function takeExchange(serialNumber: string, exchange: DeviceExchange, receivedAt: Date, manual?: ManualEntry): Promise<ExchangeOutcome> {
  const exchangeTime = new Date(exchange.DeviceLocalDate);
  const exchangeTimeUtc = exchangeTime.toISOString();

  const last = lastRouteOf(serialNumber);
  let route: DeviceRoute | undefined;
  let warm: Awaited<ReturnType<typeof readsFor>> | undefined;
  if (last?.PatientID && last.ClinicID && last.ServiceProviderID) {
    const { PatientID, ClinicID, ServiceProviderID } = last;
    const reads = await readsFor({ PatientID, ClinicID, ServiceProviderID }, exchangeTime, () =>
      patientsRepository.getWithDeviceRoute(PatientID, serialNumber),
    );
    route = reads.route;
    // Read for the patient the device no longer reports for: nothing of it is used.
    if (route && sameAssignment(route, last)) warm = reads;
  } else {
    route = await devicesRepository.routeBySerialNumber(serialNumber);
  }
  if (!route) {
    forgetRoute(serialNumber);
    throw new RejectedMessage(`No device has serial number ${serialNumber}`);
  }
  const { PatientID, ClinicID, ServiceProviderID } = route;
  if (!PatientID || !ClinicID || !ServiceProviderID) {
    forgetRoute(serialNumber);
    throw new RejectedMessage(`Device ${serialNumber} is not assigned to a patient`);
  }
  if (manual && manual.patientId !== PatientID) throw new RejectedMessage(`Device ${serialNumber} is not assigned to patient ${manual.patientId}`);
  rememberRoute(serialNumber, route);

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const reads =
      attempt === 1 && warm
        ? warm
        : await readsFor({ PatientID, ClinicID, ServiceProviderID }, exchangeTime, async () => ({ patient: await patientsRepository.get(PatientID) }));
    const { patient, stored, settings, lookBackMs, window } = reads;
    if (!patient) throw new RejectedMessage(`Device ${serialNumber} is assigned to patient ${PatientID}, who does not exist`);
    // An approved prescription is cached; one not yet approved is read each time.
    const prescription = await cachedCurrentPrescription(patient);
    const context = { patient, prescription, settings, receivedAt };
    const history = before(stored, { _id: exchange._id, ExchangeTimeUtc: exchangeTimeUtc }, lookBackMs);
    const later = stored.filter((other) => other._id !== exchange._id && other.ExchangeTimeUtc > exchangeTimeUtc);

    const { alerts, uf, utilization } = evaluate(exchange, history, context);
    const { FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity, ...report } = exchange;
    const record: ExchangeRecord = {
      ...report,
      PatientID: patient.UserID,
      DeviceID: route.DeviceID,
      SerialNumber: route.SerialNumber,
      ClinicID,
      ServiceProviderID,
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
    const outcome = await exchangesRepository.record({
      exchange: record,
      turbidity: { FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity },
      alerts,
      visit: { openDate: patient.OpenVisitOpenDate ?? exchangeTimeUtc, opens: !patient.OpenVisitOpenDate, periodStart: patient.LastVisitClosedDate ?? '' },
      patientLastExchangeTime: patient.LastExchangeTime,
      patientExchangeCount: patient.ExchangeCount ?? 0,
      deviceError: isReportableMachineProblem(exchange.MachineProblem)
        ? { Time: exchangeTimeUtc, MachineProblem: exchange.MachineProblem!, MessageID: exchange._id }
        : undefined,
      deviceUtilization: record.PatientUtilizationSnapshot,
      dueCheck: dueAt ? dueCheckItem(patient.UserID, dueAt) : undefined,
      audit: manual?.audit,
      week: patientWeekOf(patient, exchangeTimeUtc),
    });
    if (outcome === 'conflict') continue;
    if (outcome === 'stored-concurrently') {
      // Another exchange was stored between our read and our write: read the window again, this one included.
      await reevaluateLater(await exchangesRepository.historyForRules(patient.UserID, window), exchangeTimeUtc, context, lookBackMs - exchangeTime.getTime());
    } else if (outcome === 'stored' && later.length > 0) {
      await reevaluateLater([...later, record, ...history], exchangeTimeUtc, context, lookBackMs - exchangeTime.getTime());
    } else if (outcome === 'duplicate') {
      // The first delivery may have stopped after its transaction, before completing the evaluations it had to:
      // the window read above holds what it stored, so this costs no request unless something is missing.
      await reevaluateLater(stored, exchangeTimeUtc, context, lookBackMs - exchangeTime.getTime());
    }
    if (outcome === 'duplicate') return 'duplicate';
    // Told once everything this exchange changes is written, so a screen that reads again sees it all.
    await notifyChange({ kind: 'exchange', DeviceID: route.DeviceID, PatientID, ClinicID, ServiceProviderID });
    return 'stored';
  }
  throw new Error(`Patient ${PatientID}'s open visit kept changing while exchange ${exchange._id} was taken; it will be delivered again`);
}

/**
 * Evaluates again the exchanges of `window` (newest first) from `fromTime` on, each with the
 * history the window now holds, and adds to each what it now raises: the alerts it lacked and a
 * UF it could not compute. An alert already raised stays (an extra alert is reviewed; a missing
 * one is the harm). `lookBackOffsetMs` is how far back an exchange's history reaches (negative).
 */
async function reevaluateLater(window: ExchangeRecord[], fromTime: string, context: Parameters<typeof evaluate>[2], lookBackOffsetMs: number): Promise<void> {
  const candidates = window.filter((exchange) => exchange.ExchangeTimeUtc >= fromTime).reverse();
  for (const candidate of candidates) {
    let current: ExchangeRecord | undefined = candidate;
    for (let attempt = 1; current && attempt <= MAX_ATTEMPTS; attempt += 1) {
      const history = before(window, current, Date.parse(current.ExchangeTimeUtc) + lookBackOffsetMs);
      const now = evaluate(current, history, context);
      const raised = new Set(current.StatusAlerts.alerts.map((alert) => alert.flag));
      const addAlerts = now.alerts.filter((alert) => !raised.has(alert.flag));
      const newUf = current.Uf === undefined && now.uf !== undefined ? now.uf : undefined;
      if (addAlerts.length === 0 && newUf === undefined) break;
      const statusValue = alertStatus([...current.StatusAlerts.alerts, ...addAlerts]).statusValue;
      const week = patientWeekOf(context.patient, current.ExchangeTimeUtc);
      if ((await exchangesRepository.amend(current, { addAlerts, statusValue, Uf: newUf, week })) === 'amended') break;
      current = await exchangesRepository.get(current.PatientID, current.ExchangeTimeUtc, current._id);
    }
  }
}
