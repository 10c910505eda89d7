/** A home dialysis device (spec section 3, Device), identified by its serial number (IDA#). */
export const deviceSchema = {
  model: { entity: 'Device', version: '2', service: 'pd' },
  attributes: {
    DeviceID: { type: 'string', required: true, readOnly: true },
    SerialNumber: { type: 'string', required: true, readOnly: true },
    IsEnabled: { type: 'boolean', required: true },
    /** Percent of prescribed exchanges performed over the last week; absent until there is a prescription. */
    Utilization: { type: 'number' },
    BloodMAC: { type: 'string' },
    ScaleMAC: { type: 'string' },
    Note: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    ClinicID: { type: 'string' },
    ClinicName: { type: 'string' },
    ServiceProviderID: { type: 'string' },
    ServiceProviderName: { type: 'string' },
    /** The patient the device is assigned to. */
    PatientID: { type: 'string' },
    ExchangeCount: { type: 'number' },
    LastExchangeTime: { type: 'string' },
    ListShard: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['DeviceID'], template: 'DEVICE#${DeviceID}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
    },
    /** A clinic's devices tab. A device of no clinic is not in it (sparse). */
    byClinic: {
      index: 'gsi1',
      projection: 'keys_only',
      pk: { field: 'gsi1pk', composite: ['ClinicID'], template: 'CLINIC#${ClinicID}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['SerialNumber'], template: 'DEVICE#${SerialNumber}', casing: 'none' },
    },
    byServiceProvider: {
      index: 'gsi2',
      projection: 'keys_only',
      pk: { field: 'gsi2pk', composite: ['ServiceProviderID'], template: 'SP#${ServiceProviderID}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['SerialNumber'], template: 'DEVICE#${SerialNumber}', casing: 'none' },
    },
    /** /devices (LiberDiAdmin), spread over LIST_SHARDS partitions. */
    all: {
      index: 'gsi3',
      projection: 'keys_only',
      pk: { field: 'gsi3pk', composite: ['ListShard'], template: 'DEVICES#${ListShard}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['SerialNumber'], template: '${SerialNumber}', casing: 'none' },
    },
  },
} as const;

/**
 * The serial number's marker: uniqueness of the number, and the ingest's one read to route a
 * message (device, patient, clinic, provider), kept in step with the device in the same transactions.
 */
export const serialNumberSchema = {
  model: { entity: 'SerialNumber', version: '2', service: 'pd' },
  attributes: {
    SerialNumber: { type: 'string', required: true, readOnly: true },
    DeviceID: { type: 'string', required: true, readOnly: true },
    PatientID: { type: 'string' },
    ClinicID: { type: 'string' },
    ServiceProviderID: { type: 'string' },
  },
  indexes: {
    bySerialNumber: {
      pk: { field: 'pk', composite: ['SerialNumber'], template: 'SERIAL#${SerialNumber}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'SERIAL', casing: 'none' },
    },
  },
} as const;

/** One entry of a device's error list (spec section 3, Device: Errors), newest last. */
export const deviceErrorSchema = {
  model: { entity: 'DeviceError', version: '2', service: 'pd' },
  attributes: {
    DeviceID: { type: 'string', required: true, readOnly: true },
    Time: { type: 'string', required: true, readOnly: true },
    MachineProblem: { type: 'string', required: true },
    /** The device's message id, or the exchange's `_id` when the error came with an exchange. */
    MessageID: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byDevice: {
      pk: { field: 'pk', composite: ['DeviceID'], template: 'DEVICE#${DeviceID}', casing: 'none' },
      sk: { field: 'sk', composite: ['Time', 'MessageID'], template: 'ERROR#${Time}#${MessageID}', casing: 'none' },
    },
  },
} as const;

/** Marks a device message as taken; its existence makes a redelivery change nothing. */
export const messageMarkerSchema = {
  model: { entity: 'MessageMarker', version: '2', service: 'pd' },
  attributes: {
    DeviceID: { type: 'string', required: true, readOnly: true },
    Kind: { type: 'string', required: true, readOnly: true },
    MessageID: { type: 'string', required: true, readOnly: true },
    ReceivedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['DeviceID'], template: 'DEVICE#${DeviceID}', casing: 'none' },
      sk: { field: 'sk', composite: ['Kind', 'MessageID'], template: 'MSG#${Kind}#${MessageID}', casing: 'none' },
    },
  },
} as const;
