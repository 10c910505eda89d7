import {
  alertStatus,
  evaluateExchangeAlerts,
  isReportableMachineProblem,
  prescriptionUtilization,
  previousExchange,
  startOfLookBack,
  ultrafiltrationMl,
} from '../../shared/alerts';
import { convertTemperature, convertWeight, type DeviceExchange } from '../../shared/device';
import { devicesRepository } from '../data/devices-repository';
import { exchangesRepository, type ExchangeRecord } from '../data/exchanges-repository';
import { patientsRepository } from '../data/patients-repository';
import { settingsForClinic } from '../services/settings';
import { MAX_ATTEMPTS, pauseBeforeRetry, toPatientAlerts, withAlerts } from './patient-alerts';
import { RejectedMessage } from './rejected-message';

const DAY_MS = 24 * 60 * 60 * 1000;
/** History the rules see at least (the previous exchange for UF), and at most, whatever the weight window. */
const HISTORY_MIN_DAYS = 14;
const HISTORY_MAX_ITEMS = 1000;
/** Utilization is measured over the last week. */
const UTILIZATION_WINDOW_DAYS = 7;

export type ExchangeOutcome = 'stored' | 'duplicate';

/**
 * Takes one exchange a device reported: stores it once (its `_id` makes a redelivery change
 * nothing), evaluates every alert rule with the clinic's effective settings, and updates in the
 * same transaction the patient's alert status, the open visit, the device's errors and
 * utilization, and the exchange counters of the device, clinic, provider and platform.
 */
export async function takeExchange(serialNumber: string, exchange: DeviceExchange, receivedAt: Date): Promise<ExchangeOutcome> {
  const device = await devicesRepository.getBySerialNumber(serialNumber);
  if (!device) throw new RejectedMessage(`No device has serial number ${serialNumber}`);
  if (!device.PatientID || !device.ClinicID || !device.ServiceProviderID) {
    throw new RejectedMessage(`Device ${serialNumber} is not assigned to a patient`);
  }
  const exchangeTime = new Date(exchange.DeviceLocalDate);
  const exchangeTimeUtc = exchangeTime.toISOString();

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const patient = await patientsRepository.get(device.PatientID);
    if (!patient) throw new RejectedMessage(`Device ${serialNumber} is assigned to patient ${device.PatientID}, who does not exist`);
    const [settings, prescription] = await Promise.all([
      settingsForClinic(device.ClinicID, device.ServiceProviderID),
      patientsRepository.currentPrescription(patient),
    ]);
    const lookBackMs = Math.min(
      startOfLookBack(exchangeTime.getTime(), settings.WeightRecentlyFromLastTime, settings.WeightRecentlyFromLastTimeUnit),
      exchangeTime.getTime() - HISTORY_MIN_DAYS * DAY_MS,
    );
    const history = (
      await exchangesRepository.listForPatient(patient.UserID, {
        from: new Date(lookBackMs).toISOString(),
        to: exchangeTimeUtc,
        limit: HISTORY_MAX_ITEMS,
      })
    ).filter((earlier) => earlier._id !== exchange._id);

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
      DeviceID: device.DeviceID,
      SerialNumber: device.SerialNumber,
      ClinicID: device.ClinicID,
      ServiceProviderID: device.ServiceProviderID,
      ExchangeTimeUtc: exchangeTimeUtc,
      ReceivedAt: receivedAt.toISOString(),
      StatusAlerts: { statusValue: alertStatus(alerts).statusValue, alerts },
      Uf: uf,
      TargetWeightSnapshot: patient.TargetWeight,
      PatientUtilizationSnapshot: utilization === undefined ? undefined : Math.round(utilization),
    };
    const outcome = await exchangesRepository.record({
      exchange: record,
      turbidity: { FillTurbidity, DrainTurbidity, BubblesFillTurbidity, BubblesDrainTurbidity },
      patient: { expectedVersion: patient.Version, alertStatus: withAlerts(patient.PatientAlertStatus, alerts) },
      visit: {
        openDate: patient.OpenVisitOpenDate ?? exchangeTimeUtc,
        opens: !patient.OpenVisitOpenDate,
        alerts,
        measurement: {
          ExchangeID: exchange._id,
          Time: exchangeTimeUtc,
          WeightKg: exchange.WeightMeasure && convertWeight(exchange.WeightMeasure.Value, exchange.WeightUnit, 'KG'),
          BloodPressure: exchange.BloodPressureMeasure?.Value,
          Pulse: exchange.PulseMeasure?.Value,
          Uf: uf,
          DrainTempC: convertTemperature(exchange.DrainTemp, exchange.TempUnit, 'C'),
        },
      },
      deviceError: isReportableMachineProblem(exchange.MachineProblem)
        ? { Time: exchangeTimeUtc, MachineProblem: exchange.MachineProblem!, MessageID: exchange._id }
        : undefined,
      deviceUtilization: record.PatientUtilizationSnapshot,
    });
    if (outcome === 'conflict') {
      await pauseBeforeRetry(attempt);
      continue;
    }
    // Also on a redelivery: if the first delivery stopped right after its transaction, this completes it.
    await exchangesRepository.markLastExchangeTime(record);
    return outcome;
  }
  throw new Error(`Patient ${device.PatientID} kept changing while exchange ${exchange._id} was taken; it will be delivered again`);
}
