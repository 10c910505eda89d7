import { clinicKeys } from './clinics-repository';
import { patientKeys, type PatientRecord } from './patients-repository';
import { serviceProviderKeys } from './service-providers-repository';
import { statsKeys } from './stats-keys';
import { getItem, putItem, queryAll, transactWrite, updateItem, withoutKeys } from './table';

/** A home dialysis device (spec section 3, Device), identified by its serial number (IDA#). */
export interface DeviceRecord {
  DeviceID: string;
  SerialNumber: string;
  IsEnabled: boolean;
  /** Percent of prescribed exchanges performed over the last week; absent until there is a prescription. */
  Utilization?: number;
  BloodMAC?: string | null;
  ScaleMAC?: string | null;
  Note?: string | null;
  createdAt: string;
  ClinicID?: string;
  ClinicName?: string;
  ServiceProviderID?: string;
  ServiceProviderName?: string;
  /** The patient the device is assigned to. */
  PatientID?: string;
  ExchangeCount?: number;
  LastExchangeTime?: string;
}

/** One entry of a device's error list (spec section 3, Device: Errors). */
export interface DeviceErrorRecord {
  Time: string;
  MachineProblem: string;
  /** The device's message id, or the exchange's `_id` when the error came with an exchange. */
  MessageID: string;
}

/** Device items: profile by id, a serial-number marker (uniqueness and lookup at ingest), errors and message markers under the device. */
export const deviceKeys = {
  profile: (deviceId: string) => ({ pk: `DEVICE#${deviceId}`, sk: 'PROFILE' }),
  serialNumber: (serialNumber: string) => ({ pk: `SERIAL#${serialNumber}`, sk: 'SERIAL' }),
  /** Marks a device message as taken; its existence makes a redelivery change nothing. */
  message: (deviceId: string, kind: string, messageId: string) => ({ pk: `DEVICE#${deviceId}`, sk: `MSG#${kind}#${messageId}` }),
  error: (deviceId: string, error: DeviceErrorRecord) => ({ pk: `DEVICE#${deviceId}`, sk: `ERROR#${error.Time}#${error.MessageID}` }),
  item: (device: DeviceRecord) => ({
    ...deviceKeys.profile(device.DeviceID),
    gsi1pk: device.ClinicID ? `CLINIC#${device.ClinicID}` : undefined,
    gsi1sk: device.ClinicID ? `DEVICE#${device.SerialNumber}` : undefined,
    gsi2pk: device.ServiceProviderID ? `SP#${device.ServiceProviderID}` : undefined,
    gsi2sk: device.ServiceProviderID ? `DEVICE#${device.SerialNumber}` : undefined,
    gsi3pk: 'TYPE#DEVICE',
    gsi3sk: device.SerialNumber,
  }),
};

export const devicesRepository = {
  async get(deviceId: string): Promise<DeviceRecord | undefined> {
    const item = await getItem<DeviceRecord>(deviceKeys.profile(deviceId));
    return item && (withoutKeys(item) as DeviceRecord);
  },

  async getBySerialNumber(serialNumber: string): Promise<DeviceRecord | undefined> {
    const marker = await getItem<{ DeviceID: string }>(deviceKeys.serialNumber(serialNumber));
    return marker && devicesRepository.get(marker.DeviceID);
  },

  async listAll(): Promise<DeviceRecord[]> {
    const items = await queryAll<DeviceRecord>({ index: 'gsi3', pk: 'TYPE#DEVICE' });
    return items.map((item) => withoutKeys(item) as DeviceRecord);
  },

  async listByClinic(clinicId: string): Promise<DeviceRecord[]> {
    const items = await queryAll<DeviceRecord>({ index: 'gsi1', pk: `CLINIC#${clinicId}`, skBeginsWith: 'DEVICE#' });
    return items.map((item) => withoutKeys(item) as DeviceRecord);
  },

  /** Newest first. */
  async listErrors(deviceId: string, limit = 500): Promise<DeviceErrorRecord[]> {
    const items = await queryAll<DeviceErrorRecord>({ pk: `DEVICE#${deviceId}`, skBeginsWith: 'ERROR#', ScanIndexForward: false, limit });
    return items.map((item) => withoutKeys(item) as DeviceErrorRecord);
  },

  /** Stores a new device and reserves its serial number in one transaction; fails if the number is taken. */
  async create(device: DeviceRecord): Promise<void> {
    await transactWrite([
      { Put: { TableName: '', Item: { ...deviceKeys.serialNumber(device.SerialNumber), entity: 'SerialNumberMarker', DeviceID: device.DeviceID }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: '', Item: { ...deviceKeys.item(device), entity: 'Device', ...device }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
  },

  async addError(deviceId: string, error: DeviceErrorRecord): Promise<void> {
    await putItem({ ...deviceKeys.error(deviceId, error), entity: 'DeviceError', ...error });
  },

  /**
   * Links the device and the patient both ways, in one transaction that fails if the device is
   * linked meanwhile. An enabled device linked to a patient counts as activated for the clinic,
   * the provider and the platform.
   */
  async assignToPatient(device: DeviceRecord, patient: Pick<PatientRecord, 'UserID' | 'ClinicID_ref' | 'ServiceProviderID'>): Promise<void> {
    const activated = device.IsEnabled ? 1 : 0;
    const counters: Array<[{ pk: string; sk: string }, string]> = [
      [clinicKeys.profile(patient.ClinicID_ref), 'ActivePatientLinkedDeviceCount'],
      [serviceProviderKeys.profile(patient.ServiceProviderID), 'ActivePatientLinkedDeviceCount'],
      [statsKeys.global(), 'activatedDevices'],
    ];
    await transactWrite([
      {
        Update: {
          TableName: '',
          Key: deviceKeys.profile(device.DeviceID),
          UpdateExpression: 'SET PatientID = :patient',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(PatientID)',
          ExpressionAttributeValues: { ':patient': patient.UserID },
        },
      },
      {
        Update: {
          TableName: '',
          Key: patientKeys.profile(patient.UserID),
          UpdateExpression: 'SET Device = :device',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':device': { SerialNumber: device.SerialNumber, DeviceID: device.DeviceID } },
        },
      },
      ...counters.map(([Key, name]) => ({
        Update: { TableName: '', Key, UpdateExpression: 'ADD #n :n', ExpressionAttributeNames: { '#n': name }, ExpressionAttributeValues: { ':n': activated } },
      })),
    ]);
  },

  async setUtilization(deviceId: string, utilization: number): Promise<void> {
    await updateItem(deviceKeys.profile(deviceId), {
      expression: 'SET Utilization = :u',
      values: { ':u': utilization },
      condition: 'attribute_exists(pk)',
    });
  },
};
