import { CustomAttributeType } from 'electrodb';
import type { DeviceExchange } from '@shared/device';
import type { AlertStatusValue } from '@shared/alerts';
import type { StoredAlert } from './alert';

/** The device's report without its raw turbidity series, which live in their own item (read only for the CSV). */
export type ExchangeReport = Omit<DeviceExchange, 'FillTurbidity' | 'DrainTurbidity' | 'BubblesFillTurbidity' | 'BubblesDrainTurbidity'>;
export type TurbiditySeries = Pick<DeviceExchange, 'FillTurbidity' | 'DrainTurbidity' | 'BubblesFillTurbidity' | 'BubblesDrainTurbidity'>;

/**
 * An exchange as stored (spec section 3, Device exchange record), under its patient (their
 * history by time) and indexed by device on gsi1. Sorted by `ExchangeTimeUtc#_id`.
 */
export const exchangeSchema = {
  model: { entity: 'Exchange', version: '2', service: 'pd' },
  attributes: {
    PatientID: { type: 'string', required: true, readOnly: true },
    ExchangeID: { type: 'string', required: true, readOnly: true },
    DeviceID: { type: 'string', required: true, readOnly: true },
    SerialNumber: { type: 'string', required: true, readOnly: true },
    ClinicID: { type: 'string', required: true, readOnly: true },
    ServiceProviderID: { type: 'string', required: true, readOnly: true },
    /** DeviceLocalDate as UTC, the sort order of every exchange list. */
    ExchangeTimeUtc: { type: 'string', required: true, readOnly: true },
    ReceivedAt: { type: 'string', required: true, readOnly: true },
    Report: { type: CustomAttributeType<ExchangeReport>('any'), required: true, readOnly: true },
    StatusValue: { type: CustomAttributeType<AlertStatusValue>('number'), required: true },
    Alerts: { type: CustomAttributeType<StoredAlert[]>('any'), required: true },
    /** Drain minus the previous exchange's fill, ml; absent on a patient's first exchange. */
    Uf: { type: 'number' },
    TargetWeightSnapshot: { type: 'number' },
    PatientUtilizationSnapshot: { type: 'number' },
    /** Set when a clinician cleared the exchange's alerts. */
    AlertsClearedAt: { type: 'string' },
    /** Bumped when the exchange is evaluated again because an earlier exchange arrived after it. */
    Revision: { type: 'number' },
    /** A clinician's comment (saveExchangeNote), apart from the Note the device's report may carry. */
    ClinicianNote: { type: 'string' },
    /** Who entered the exchange by hand (addExchange); absent on a device's exchange. */
    EnteredBy: { type: CustomAttributeType<{ UserID: string; Name: string }>('any'), readOnly: true },
    /** The raw turbidity series were stored (their own item, for the CSV). */
    HasTurbidity: { type: 'boolean', readOnly: true },
  },
  indexes: {
    byPatient: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['ExchangeTimeUtc', 'ExchangeID'], template: 'EXCHANGE#${ExchangeTimeUtc}#${ExchangeID}', casing: 'none' },
    },
    /** /device/exchanges. */
    byDevice: {
      index: 'gsi1',
      projection: 'keys_only',
      pk: { field: 'gsi1pk', composite: ['DeviceID'], template: 'DEVICE#${DeviceID}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['ExchangeTimeUtc', 'ExchangeID'], template: 'EXCHANGE#${ExchangeTimeUtc}#${ExchangeID}', casing: 'none' },
    },
  },
} as const;

/** The raw turbidity series of an exchange (up to four series of 2,000 samples): their own item, read only for the CSV. */
export const exchangeTurbiditySchema = {
  model: { entity: 'ExchangeTurbidity', version: '2', service: 'pd' },
  attributes: {
    PatientID: { type: 'string', required: true, readOnly: true },
    ExchangeID: { type: 'string', required: true, readOnly: true },
    ExchangeTimeUtc: { type: 'string', required: true, readOnly: true },
    Series: { type: CustomAttributeType<TurbiditySeries>('any'), required: true, readOnly: true },
  },
  indexes: {
    byPatient: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['ExchangeTimeUtc', 'ExchangeID'], template: 'TURBIDITY#${ExchangeTimeUtc}#${ExchangeID}', casing: 'none' },
    },
  },
} as const;

/**
 * Where an exchange is, by its `_id` alone: the exchange's key holds its time first, and the
 * clinical calls name an exchange by `_id` only. Written in the exchange's own transaction.
 */
export const exchangeLocatorSchema = {
  model: { entity: 'ExchangeLocator', version: '1', service: 'pd' },
  attributes: {
    PatientID: { type: 'string', required: true, readOnly: true },
    ExchangeID: { type: 'string', required: true, readOnly: true },
    ExchangeTimeUtc: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['ExchangeID'], template: 'EXCHANGEID#${ExchangeID}', casing: 'none' },
    },
  },
} as const;
