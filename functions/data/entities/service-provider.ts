import { CustomAttributeType } from 'electrodb';

export interface Address {
  Country: string;
  City: string;
  Street: string;
}

/** A service provider (spec section 3): a company running clinics. Exchange counters are in the sharded exchange counters. */
export const serviceProviderSchema = {
  model: { entity: 'ServiceProvider', version: '2', service: 'pd' },
  attributes: {
    ServiceProviderID: { type: 'string', required: true, readOnly: true },
    ServiceProviderName: { type: 'string', required: true },
    ServiceProviderAddress: { type: CustomAttributeType<Address>('any'), required: true },
    Email: { type: 'string', required: true },
    Phone: { type: 'string', required: true },
    /** The contact person. */
    FirstName: { type: 'string', required: true },
    LastName: { type: 'string', required: true },
    ServiceProviderIsEnabled: { type: 'boolean', required: true },
    /** The logo's key in the image store (`providers/<id>/logo-….png|jpg`). */
    image: { type: 'string' },
    CreatedAt: { type: 'string', required: true, readOnly: true },
    /** Activated clinics. */
    Clinics: { type: 'number' },
    ActivePatientLinkedDeviceCount: { type: 'number' },
    NameKey: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['ServiceProviderID'], template: 'SP#${ServiceProviderID}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
    },
    /** /sp (LiberDiAdmin), by name: a provider is created a few times a year, one partition takes it. */
    all: {
      index: 'gsi3',
      projection: 'keys_only',
      pk: { field: 'gsi3pk', composite: [], template: 'TYPE#SP', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['NameKey', 'ServiceProviderID'], template: '${NameKey}#${ServiceProviderID}', casing: 'none' },
    },
  },
} as const;

/** The platform's activated-device and activated-clinic counts, changed only at assignment and clinic creation. */
export const platformStatsSchema = {
  model: { entity: 'PlatformStats', version: '2', service: 'pd' },
  attributes: {
    Name: { type: 'string', required: true, readOnly: true },
    activatedDevices: { type: 'number' },
    activatedClinics: { type: 'number' },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: [], template: 'STATS', casing: 'none' },
      sk: { field: 'sk', composite: ['Name'], template: '${Name}', casing: 'none' },
    },
  },
} as const;

/** The name of the platform's stats item. */
export const PLATFORM_STATS = 'GLOBAL';
