import type { EntityItem } from 'electrodb';
import type { Settings } from '@shared/settings';
import { db, type Db } from './entities';
import type { Address } from './entities/service-provider';
import { counterScopes, exchangeCountersRepository } from './exchange-counters-repository';
import { complete, pageOptions, type Page, type PageRequest } from './page';
import { settingsScopes } from './settings-repository';
import { throwIfCanceled } from './transactions';

export type { Address };

/** A service provider (spec section 3): a company running clinics, with the counters its list row shows. */
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
  /** Summed from the sharded exchange counters on read. */
  SPExchangeCounter?: number;
  SPLastExchangeTime?: string;
}

/** The fields only activation changes, never a profile form. */
export type ServiceProviderCounters = Pick<ServiceProviderRecord, 'Clinics' | 'ActivePatientLinkedDeviceCount'>;

const nameKey = (name: string) => name.trim().toLowerCase();

type ProviderItem = EntityItem<Db['entities']['serviceProvider']>;

async function withCounters(items: ProviderItem[]): Promise<ServiceProviderRecord[]> {
  const counters = await exchangeCountersRepository.read(items.map((item) => counterScopes.serviceProvider(item.ServiceProviderID)));
  return items.map(({ NameKey, ...provider }) => {
    const count = counters.get(counterScopes.serviceProvider(provider.ServiceProviderID))!;
    return { ...provider, SPExchangeCounter: count.ExchangeCount, SPLastExchangeTime: count.LastExchangeTime };
  });
}

export const serviceProvidersRepository = {
  async get(id: string): Promise<ServiceProviderRecord | undefined> {
    const { data } = await db().entities.serviceProvider.get({ ServiceProviderID: id }).go();
    return data ? (await withCounters([data]))[0] : undefined;
  },

  /** /sp, by name. */
  async listAll(page?: PageRequest): Promise<Page<ServiceProviderRecord>> {
    const result = await db()
      .entities.serviceProvider.query.all({})
      .go({ ...pageOptions(page), hydrate: true });
    complete(result);
    return { items: await withCounters(result.data), cursor: result.cursor };
  },

  /** Stores a new provider with its settings (copied to its clinics when they are created). */
  async create(provider: ServiceProviderRecord, settings: Partial<Settings>): Promise<void> {
    const { SPExchangeCounter, SPLastExchangeTime, ...stored } = provider;
    await db()
      .transaction.write(({ serviceProvider, settings: settingsEntity }) => [
        serviceProvider.create({ ...stored, NameKey: nameKey(provider.ServiceProviderName) }).commit(),
        settingsEntity.put({ Scope: settingsScopes.serviceProvider(provider.ServiceProviderID), Settings: settings, UpdatedAt: provider.CreatedAt }).commit(),
      ])
      .go()
      .then(throwIfCanceled);
  },
};
