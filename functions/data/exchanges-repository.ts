import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AlertStatusValue } from '../../shared/alerts';
import type { DeviceExchange } from '../../shared/device';
import { clinicKeys } from './clinics-repository';
import { deviceKeys, type DeviceErrorRecord } from './devices-repository';
import { patientKeys, type PatientAlert, type PatientAlertStatus, type VisitMeasurement, type VisitRecord } from './patients-repository';
import { serviceProviderKeys } from './service-providers-repository';
import { statsKeys } from './stats-keys';
import { queryAll, setIfLater, transactWrite, withoutKeys } from './table';

type TurbiditySeries = Pick<DeviceExchange, 'FillTurbidity' | 'DrainTurbidity' | 'BubblesFillTurbidity' | 'BubblesDrainTurbidity'>;

/**
 * An exchange as stored (spec section 3, Device exchange record): the device's report without its
 * raw turbidity series (kept in their own item, read only for the CSV), plus what ingest derived.
 */
export type ExchangeRecord = Omit<DeviceExchange, keyof TurbiditySeries> & {
  PatientID: string;
  DeviceID: string;
  SerialNumber: string;
  ClinicID: string;
  ServiceProviderID: string;
  /** DeviceLocalDate as UTC, the sort order of every exchange list. */
  ExchangeTimeUtc: string;
  ReceivedAt: string;
  StatusAlerts: { statusValue: AlertStatusValue; alerts: PatientAlert[] };
  /** Drain minus the previous exchange's fill, ml; absent on a patient's first exchange. */
  Uf?: number;
  TargetWeightSnapshot?: number;
  PatientUtilizationSnapshot?: number;
  /** Set when a clinician cleared the exchange's alerts. */
  AlertsClearedAt?: string;
};

const exchangeSort = (exchange: Pick<ExchangeRecord, 'ExchangeTimeUtc' | '_id'>) => `${exchange.ExchangeTimeUtc}#${exchange._id}`;

/** Exchange items live under the patient (their history, newest first) and are indexed by device on gsi1. */
export const exchangeKeys = {
  item: (exchange: ExchangeRecord) => ({
    pk: `PATIENT#${exchange.PatientID}`,
    sk: `EXCHANGE#${exchangeSort(exchange)}`,
    gsi1pk: `DEVICE#${exchange.DeviceID}`,
    gsi1sk: `EXCHANGE#${exchangeSort(exchange)}`,
  }),
  turbidity: (exchange: ExchangeRecord) => ({ pk: `PATIENT#${exchange.PatientID}`, sk: `TURBIDITY#${exchangeSort(exchange)}` }),
};

/** Everything one exchange changes, written in one transaction so it is all or nothing. */
export interface ExchangeWrite {
  exchange: ExchangeRecord;
  turbidity: TurbiditySeries;
  /** The patient's new alert status, written only if the patient is still at `expectedVersion`. */
  patient: { expectedVersion: number; alertStatus: PatientAlertStatus };
  /** Append to the open visit, or open one when the patient has none. */
  visit: { openDate: string; opens: boolean; alerts: PatientAlert[]; measurement: VisitMeasurement };
  /** A device error the exchange reported, for the device's error list. */
  deviceError?: DeviceErrorRecord;
  /** The device's utilization with this exchange counted, when the patient has an approved prescription. */
  deviceUtilization?: number;
}

export type ExchangeWriteOutcome = 'stored' | 'duplicate' | 'conflict';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function transaction(write: ExchangeWrite): { items: TransactItem[]; patientIndex: number; visitIndex: number } {
  const { exchange, patient, visit } = write;
  const one = { ':one': 1 };
  const items: TransactItem[] = [
    // The marker first: its failed condition is how a redelivered exchange is recognised.
    {
      Put: {
        TableName: '',
        Item: { ...deviceKeys.message(exchange.DeviceID, 'exchange', exchange._id), entity: 'MessageMarker', ReceivedAt: exchange.ReceivedAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { TableName: '', Item: { ...exchangeKeys.item(exchange), entity: 'Exchange', ...exchange } } },
  ];
  if (Object.values(write.turbidity).some((series) => series !== undefined)) {
    items.push({ Put: { TableName: '', Item: { ...exchangeKeys.turbidity(exchange), entity: 'ExchangeTurbidity', _id: exchange._id, ...write.turbidity } } });
  }
  const patientIndex = items.length;
  items.push({
    Update: {
      TableName: '',
      Key: patientKeys.profile(exchange.PatientID),
      UpdateExpression: `SET PatientAlertStatus = :status, Version = :next${visit.opens ? ', OpenVisitOpenDate = :openDate' : ''} ADD ExchangeCount :one`,
      ConditionExpression: 'Version = :version',
      ExpressionAttributeValues: {
        ':status': patient.alertStatus,
        ':version': patient.expectedVersion,
        ':next': patient.expectedVersion + 1,
        ...(visit.opens ? { ':openDate': visit.openDate } : {}),
        ...one,
      },
    },
  });
  const visitIndex = items.length;
  if (visit.opens) {
    const record: VisitRecord = { PatientID: exchange.PatientID, Visited: false, OpenDate: visit.openDate, StatusAlerts: visit.alerts, Measurements: [visit.measurement] };
    items.push({ Put: { TableName: '', Item: { ...patientKeys.visit(exchange.PatientID, visit.openDate), entity: 'Visit', ...record }, ConditionExpression: 'attribute_not_exists(pk)' } });
  } else {
    items.push({
      Update: {
        TableName: '',
        Key: patientKeys.visit(exchange.PatientID, visit.openDate),
        UpdateExpression: 'SET StatusAlerts = list_append(StatusAlerts, :alerts), Measurements = list_append(Measurements, :measurement)',
        ConditionExpression: 'Visited = :false',
        ExpressionAttributeValues: { ':alerts': visit.alerts, ':measurement': [visit.measurement], ':false': false },
      },
    });
  }
  if (write.deviceError) {
    items.push({ Put: { TableName: '', Item: { ...deviceKeys.error(exchange.DeviceID, write.deviceError), entity: 'DeviceError', ...write.deviceError } } });
  }
  items.push({
    Update: {
      TableName: '',
      Key: deviceKeys.profile(exchange.DeviceID),
      UpdateExpression: write.deviceUtilization === undefined ? 'ADD ExchangeCount :one' : 'SET Utilization = :u ADD ExchangeCount :one',
      ExpressionAttributeValues: write.deviceUtilization === undefined ? one : { ...one, ':u': write.deviceUtilization },
    },
  });
  const counters: Array<[{ pk: string; sk: string }, string]> = [
    [clinicKeys.profile(exchange.ClinicID), 'ClinicExchangeCounter'],
    [serviceProviderKeys.profile(exchange.ServiceProviderID), 'SPExchangeCounter'],
    [statsKeys.global(), 'totalNoExchanges'],
  ];
  for (const [Key, counter] of counters) {
    items.push({ Update: { TableName: '', Key, UpdateExpression: `ADD ${counter} :one`, ExpressionAttributeValues: one } });
  }
  return { items, patientIndex, visitIndex };
}

function cancelledAt(error: unknown): number[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
}

export const exchangesRepository = {
  /**
   * Writes an exchange and everything it changes, all or nothing. 'duplicate' when the device
   * already delivered this `_id` (nothing changed); 'conflict' when the patient or the open visit
   * changed since they were read (nothing changed; read again and retry).
   */
  async record(write: ExchangeWrite): Promise<ExchangeWriteOutcome> {
    const { items, patientIndex, visitIndex } = transaction(write);
    try {
      await transactWrite(items);
      return 'stored';
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const failed = cancelledAt(error);
      if (failed.includes(0)) return 'duplicate';
      if (failed.includes(patientIndex) || failed.includes(visitIndex)) return 'conflict';
      throw error;
    }
  },

  /** Moves the last-exchange times of the device, patient, clinic and provider forward (never back) to this exchange's time. */
  async markLastExchangeTime(exchange: ExchangeRecord): Promise<void> {
    const time = exchange.ExchangeTimeUtc;
    await Promise.all([
      setIfLater(deviceKeys.profile(exchange.DeviceID), 'LastExchangeTime', time),
      setIfLater(patientKeys.profile(exchange.PatientID), 'LastExchangeTime', time),
      setIfLater(clinicKeys.profile(exchange.ClinicID), 'ClinicLastExchangeTime', time),
      setIfLater(serviceProviderKeys.profile(exchange.ServiceProviderID), 'SPLastExchangeTime', time),
    ]);
  },

  /** A patient's exchanges between two UTC times, newest first. */
  async listForPatient(patientId: string, range: { from: string; to: string; limit?: number }): Promise<ExchangeRecord[]> {
    const items = await queryAll<ExchangeRecord>({
      pk: `PATIENT#${patientId}`,
      skBetween: [`EXCHANGE#${range.from}`, `EXCHANGE#${range.to}~`],
      ScanIndexForward: false,
      limit: range.limit,
    });
    return items.map((item) => withoutKeys(item) as ExchangeRecord);
  },

  /** A device's exchanges, newest first. */
  async listForDevice(deviceId: string, limit = 1000): Promise<ExchangeRecord[]> {
    const items = await queryAll<ExchangeRecord>({ index: 'gsi1', pk: `DEVICE#${deviceId}`, skBeginsWith: 'EXCHANGE#', ScanIndexForward: false, limit });
    return items.map((item) => withoutKeys(item) as ExchangeRecord);
  },
};
