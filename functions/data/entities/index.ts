import { Entity, Service } from 'electrodb';
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
import { exchangeCounterSchema } from './exchange-counter';
import { patientSchema } from './patient';
import { patientPiiSchema, socialIdMarkerSchema } from './patient-pii';
import { prescriptionSchema } from './prescription';
import { platformStatsSchema, serviceProviderSchema } from './service-provider';
import { settingsSchema } from './settings';
import { settingsFanoutSchema } from './settings-fanout';
import { emailMarkerSchema, userSchema } from './user';
import { visitSchema } from './visit';

function build(table: string) {
  const options = { table, client: dynamo() };
  return new Service({
    patient: new Entity(patientSchema, options),
    patientPii: new Entity(patientPiiSchema, options),
    socialIdMarker: new Entity(socialIdMarkerSchema, options),
    prescription: new Entity(prescriptionSchema, options),
    visit: new Entity(visitSchema, options),
    exchange: new Entity(exchangeSchema, options),
    exchangeTurbidity: new Entity(exchangeTurbiditySchema, options),
    exchangeLocator: new Entity(exchangeLocatorSchema, options),
    alert: new Entity(alertSchema, options),
    unresolvedAlert: new Entity(unresolvedAlertSchema, options),
    raisedAlertMarker: new Entity(raisedAlertMarkerSchema, options),
    device: new Entity(deviceSchema, options),
    serialNumber: new Entity(serialNumberSchema, options),
    deviceError: new Entity(deviceErrorSchema, options),
    messageMarker: new Entity(messageMarkerSchema, options),
    exchangeCounter: new Entity(exchangeCounterSchema, options),
    patientWeek: new Entity(patientWeekSchema, options),
    alertClearing: new Entity(alertClearingSchema, options),
    settings: new Entity(settingsSchema, options),
    settingsFanout: new Entity(settingsFanoutSchema, options),
    dueCheck: new Entity(dueCheckSchema, options),
    dueCursor: new Entity(dueCursorSchema, options),
    clinic: new Entity(clinicSchema, options),
    serviceProvider: new Entity(serviceProviderSchema, options),
    platformStats: new Entity(platformStatsSchema, options),
    deadLetter: new Entity(deadLetterSchema, options),
    audit: new Entity(auditSchema, options),
    dataModel: new Entity(dataModelSchema, options),
    user: new Entity(userSchema, options),
    emailMarker: new Entity(emailMarkerSchema, options),
  });
}

export type Db = ReturnType<typeof build>;

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
