import {
  alertStatus,
  evaluateExchangeAlerts,
  isReportableMachineProblem,
  prescriptionUtilization,
  previousExchange,
  startOfLookBack,
  ultrafiltrationMl,
} from '../../shared/alerts';
import type { DeviceExchange } from '../../shared/device';
import { devicesRepository } from '../data/devices-repository';
import { dueCheckItem } from '../data/due-checks-repository';
import { exchangesRepository, type ExchangeRecord } from '../data/exchanges-repository';
import { patientsRepository } from '../data/patients-repository';
import { cachedCurrentPrescription, cachedSettingsForClinic } from './engine-cache';
import { nextDueCheckAt } from './due-schedule';
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

/**
 * Takes one exchange a device reported: stores it once (its `_id` makes a redelivery change
 * nothing), evaluates every alert rule with the clinic's effective settings, and updates in the
 * same transaction the patient's alert counters, the open visit, the device's errors and
 * utilization, and the exchange counters of the device, clinic, provider and platform.
 *
 * DynamoDB requests in the common case: the serial number's route (1), the patient (1), the
 * history (1), the transaction (1); the settings (1 BatchGet) and an approved prescription (1)
 * only when not cached (engine-cache.ts). At most 6.
 */
export async function takeExchange(serialNumber: string, exchange: DeviceExchange, receivedAt: Date): Promise<ExchangeOutcome> {
  const route = await devicesRepository.routeBySerialNumber(serialNumber);
  if (!route) throw new RejectedMessage(`No device has serial number ${serialNumber}`);
  const { PatientID, ClinicID, ServiceProviderID } = route;
  if (!PatientID || !ClinicID || !ServiceProviderID) throw new RejectedMessage(`Device ${serialNumber} is not assigned to a patient`);
  const exchangeTime = new Date(exchange.DeviceLocalDate);
  const exchangeTimeUtc = exchangeTime.toISOString();

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const [patient, settings] = await Promise.all([patientsRepository.get(PatientID), cachedSettingsForClinic(ClinicID, ServiceProviderID)]);
    if (!patient) throw new RejectedMessage(`Device ${serialNumber} is assigned to patient ${PatientID}, who does not exist`);
    const lookBackMs = Math.min(
      startOfLookBack(exchangeTime.getTime(), settings.WeightRecentlyFromLastTime, settings.WeightRecentlyFromLastTimeUnit),
      exchangeTime.getTime() - HISTORY_MIN_DAYS * DAY_MS,
    );
    const [prescription, fullHistory] = await Promise.all([
      cachedCurrentPrescription(patient),
      exchangesRepository.historyForRules(patient.UserID, { from: new Date(lookBackMs).toISOString(), to: exchangeTimeUtc, limit: HISTORY_MAX_ITEMS }),
    ]);
    const history = fullHistory.filter((earlier) => earlier._id !== exchange._id);

    const alerts = toPatientAlerts(
      evaluateExchangeAlerts({ exchange, history, patient, prescription, settings }),
      exchangeTimeUtc,
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
        to: new Date(Math.max(exchangeTime.getTime() + 1, receivedAt.getTime() - settings.SkippedExchangeGraceTime * 60_000)),
      }).utilization;
    const uf = ultrafiltrationMl(exchange, previousExchange(exchange, history, settings.MaxDwellHours));
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
    };
    const dueAt = approved && nextDueCheckAt(approved, Math.max(Date.now(), exchangeTime.getTime()), settings.SkippedExchangeGraceTime);
    const outcome = await exchangesRepository.record({
      exchange: record,
      turbidity: { FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity },
      alerts,
      visit: { openDate: patient.OpenVisitOpenDate ?? exchangeTimeUtc, opens: !patient.OpenVisitOpenDate, periodStart: patient.LastVisitClosedDate ?? '' },
      patientLastExchangeTime: patient.LastExchangeTime,
      deviceError: isReportableMachineProblem(exchange.MachineProblem)
        ? { Time: exchangeTimeUtc, MachineProblem: exchange.MachineProblem!, MessageID: exchange._id }
        : undefined,
      deviceUtilization: record.PatientUtilizationSnapshot,
      dueCheck: dueAt ? dueCheckItem(patient.UserID, dueAt) : undefined,
    });
    if (outcome !== 'conflict') return outcome;
  }
  throw new Error(`Patient ${PatientID}'s open visit kept changing while exchange ${exchange._id} was taken; it will be delivered again`);
}
