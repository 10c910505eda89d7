import {
  createWriteTransaction,
  Entity,
  type CommittedTransactionResult,
  type TransactWriteFunction,
  type TransactWriteItem,
  type EntityItem,
} from 'electrodb';
import { dynamo } from '@functions/lib/aws-clients';
import { config } from '@functions/lib/config';
import { auditSchema } from './audit';
import { alertSchema, raisedAlertMarkerSchema, unresolvedAlertSchema } from './alert';
import { alertClearingSchema, patientWeekSchema } from './care-week';
import { clinicSchema } from './clinic';
import { dataModelSchema } from './data-model';
import { deadLetterSchema } from './dead-letter';
import { deviceErrorSchema, deviceSchema, messageMarkerSchema, serialNumberSchema } from './device';
import { dueCheckSchema, dueCursorSchema } from './due-check';
import { exchangeLocatorSchema, exchangeSchema, exchangeTurbiditySchema } from './exchange';
import { escalationDueSchema, escalationSchema } from './escalation';
import { exchangeCounterSchema } from './exchange-counter';
import { onCallRotaSchema, onCallShiftSchema } from './on-call';
import { patientSchema } from './patient';
import { patientPiiSchema, socialIdMarkerSchema } from './patient-pii';
import { prescriptionSchema } from './prescription';
import { platformStatsSchema, serviceProviderSchema } from './service-provider';
import { settingsSchema } from './settings';
import { settingsFanoutSchema } from './settings-fanout';
import { emailMarkerSchema, userSchema } from './user';
import { visitSchema } from './visit';

/**
 * An object whose properties are made by their factories on first read, then kept. Enumerating it
 * (Object.values) makes every one: transactions are given a transactionView instead.
 */
function lazily<F extends Record<string, () => unknown>>(factories: F): { readonly [K in keyof F]: ReturnType<F[K]> } {
  const made = {} as { [K in keyof F]: ReturnType<F[K]> };
  for (const name of Object.keys(factories) as Array<keyof F>) {
    Object.defineProperty(made, name, {
      enumerable: true,
      get() {
        const value = factories[name]!() as ReturnType<F[typeof name]>;
        Object.defineProperty(made, name, { value, enumerable: true });
        return value;
      },
      configurable: true,
    });
  }
  return made;
}

/**
 * What a write transaction is given: every entity by name, listed only once its callback read it,
 * as ElectroDB's transaction enumerates (and so builds) the entities it is given. `user`, listed from
 * the start, runs the request (any entity would: they share the table and the client).
 */
function transactionView<E extends { user: unknown }>(entities: E): E {
  const view = {} as E;
  for (const name of Object.keys(entities) as Array<keyof E>) {
    Object.defineProperty(view, name, {
      enumerable: false,
      configurable: true,
      get() {
        const value = entities[name];
        Object.defineProperty(view, name, { value, enumerable: true });
        return value;
      },
    });
  }
  void view.user;
  return view;
}

// Each entity is built on first use: building one is costly (ElectroDB parses and validates its
// model), so a Lambda builds the few it touches (docs/lambda-bundles.md). No entity is in a
// collection, so an ElectroDB Service over them would add nothing.
function build(table: string) {
  const options = { table, client: dynamo() };
  const entities = lazily({
    patient: () => new Entity(patientSchema, options),
    patientPii: () => new Entity(patientPiiSchema, options),
    socialIdMarker: () => new Entity(socialIdMarkerSchema, options),
    prescription: () => new Entity(prescriptionSchema, options),
    visit: () => new Entity(visitSchema, options),
    exchange: () => new Entity(exchangeSchema, options),
    exchangeTurbidity: () => new Entity(exchangeTurbiditySchema, options),
    exchangeLocator: () => new Entity(exchangeLocatorSchema, options),
    alert: () => new Entity(alertSchema, options),
    unresolvedAlert: () => new Entity(unresolvedAlertSchema, options),
    raisedAlertMarker: () => new Entity(raisedAlertMarkerSchema, options),
    device: () => new Entity(deviceSchema, options),
    serialNumber: () => new Entity(serialNumberSchema, options),
    deviceError: () => new Entity(deviceErrorSchema, options),
    messageMarker: () => new Entity(messageMarkerSchema, options),
    exchangeCounter: () => new Entity(exchangeCounterSchema, options),
    patientWeek: () => new Entity(patientWeekSchema, options),
    alertClearing: () => new Entity(alertClearingSchema, options),
    settings: () => new Entity(settingsSchema, options),
    settingsFanout: () => new Entity(settingsFanoutSchema, options),
    dueCheck: () => new Entity(dueCheckSchema, options),
    dueCursor: () => new Entity(dueCursorSchema, options),
    escalationDue: () => new Entity(escalationDueSchema, options),
    escalation: () => new Entity(escalationSchema, options),
    clinic: () => new Entity(clinicSchema, options),
    onCallShift: () => new Entity(onCallShiftSchema, options),
    onCallRota: () => new Entity(onCallRotaSchema, options),
    serviceProvider: () => new Entity(serviceProviderSchema, options),
    platformStats: () => new Entity(platformStatsSchema, options),
    deadLetter: () => new Entity(deadLetterSchema, options),
    audit: () => new Entity(auditSchema, options),
    dataModel: () => new Entity(dataModelSchema, options),
    user: () => new Entity(userSchema, options),
    emailMarker: () => new Entity(emailMarkerSchema, options),
  });
  return {
    entities,
    transaction: {
      /** A write transaction, as a Service's `transaction.write`: over the entities its callback names, which are all it builds. */
      write: <T, R extends ReadonlyArray<CommittedTransactionResult<T, TransactWriteItem>>>(fn: TransactWriteFunction<typeof entities, T, R>) =>
        createWriteTransaction(transactionView(entities), fn),
    },
  };
}

export type Db = ReturnType<typeof build>;

/**
 * An entity's item as stored: the one source of a record's shape (a repository's record type
 * derives from it). Writable: a record read is a plain object the services may copy and change.
 */
export type ItemOf<Name extends keyof Db['entities']> = {
  -readonly [Field in keyof EntityItem<Db['entities'][Name]>]: EntityItem<Db['entities'][Name]>[Field];
};

/** Where a device's messages go, as its serial number's marker keeps it: what ingest reads first. */
export type DeviceRoute = ItemOf<'serialNumber'>;

let built: { table: string; db: Db } | undefined;

/**
 * The table's entities, built on first use with the table named by TABLE_NAME (set by the Lambda's
 * environment, the local stack or each test file before any handler runs).
 */
export function db(): Db {
  const table = config.tableName;
  if (built?.table !== table) built = { table, db: build(table) };
  return built.db;
}
