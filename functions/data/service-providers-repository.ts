import type { Settings } from '../../shared/settings';
import { addToCounters, getItem, queryAll, transactWrite, withoutKeys } from './table';

export interface Address {
  Country: string;
  City: string;
  Street: string;
}

/** A service provider (spec section 3): a company running clinics. Counters are kept up to date at ingest and activation. */
export interface ServiceProviderRecord {
  ServiceProviderID: string;
  ServiceProviderName: string;
  ServiceProviderAddress: Address;
  Email: string;
  Phone: string;
  /** The contact person. */
  FirstName: string;
  LastName: string;
  ServiceProviderIsEnabled: boolean;
  CreatedAt: string;
  /** Activated clinics. */
  Clinics?: number;
  ActivePatientLinkedDeviceCount?: number;
  SPExchangeCounter?: number;
  SPLastExchangeTime?: string;
}

/** The fields only ingest and activation change, never a profile form. */
export type ServiceProviderCounters = Pick<ServiceProviderRecord, 'Clinics' | 'ActivePatientLinkedDeviceCount' | 'SPExchangeCounter'>;

const nameKey = (name: string, id: string) => `${name.trim().toLowerCase()}#${id}`;

/** Provider items: the profile under its own partition; all providers listed by name on gsi3 (LiberDiAdmin's list). */
export const serviceProviderKeys = {
  profile: (id: string) => ({ pk: `SP#${id}`, sk: 'PROFILE' }),
  item: (provider: ServiceProviderRecord) => ({
    ...serviceProviderKeys.profile(provider.ServiceProviderID),
    gsi3pk: 'TYPE#SP',
    gsi3sk: nameKey(provider.ServiceProviderName, provider.ServiceProviderID),
  }),
};

export const serviceProvidersRepository = {
  async get(id: string): Promise<ServiceProviderRecord | undefined> {
    const item = await getItem<ServiceProviderRecord>(serviceProviderKeys.profile(id));
    return item && (withoutKeys(item) as ServiceProviderRecord);
  },

  async listAll(): Promise<ServiceProviderRecord[]> {
    const items = await queryAll<ServiceProviderRecord>({ index: 'gsi3', pk: 'TYPE#SP' });
    return items.map((item) => withoutKeys(item) as ServiceProviderRecord);
  },

  /** Stores a new provider with its settings (copied to its clinics when they are created). */
  async create(provider: ServiceProviderRecord, settings: Partial<Settings>): Promise<void> {
    await transactWrite([
      { Put: { TableName: '', Item: { ...serviceProviderKeys.item(provider), entity: 'ServiceProvider', ...provider }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: '', Item: { pk: `SP#${provider.ServiceProviderID}`, sk: 'SETTINGS', entity: 'Settings', Settings: settings, UpdatedAt: provider.CreatedAt } } },
    ]);
  },

  addToCounters: (id: string, deltas: Partial<Record<keyof ServiceProviderCounters, number>>) =>
    addToCounters(serviceProviderKeys.profile(id), deltas),
};
