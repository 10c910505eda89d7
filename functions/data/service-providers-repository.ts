import type { Settings } from '@shared/settings';
import { auditItem, type AuditRecord } from './audit-repository';
import { db, type ItemOf } from './entities';
import type { Address } from './entities/service-provider';
import { counterScopes, exchangeCountersRepository } from './exchange-counters-repository';
import { complete, pageOptions, type Page, type PageRequest } from './page';
import { settingsScopes } from './settings-repository';
import { throwIfCanceled } from './transactions';

export type { Address };

type ProviderItem = ItemOf<'serviceProvider'>;

/** A service provider (spec section 3) as the entity stores it, with the exchange counters its list row shows, summed on read. */
export type ServiceProviderRecord = Omit<ProviderItem, 'NameKey'> & { SPExchangeCounter?: number; SPLastExchangeTime?: string };

/** The fields a profile form or the platform admin's toggle changes. */
export type ServiceProviderChanges = Partial<
  Pick<
    ServiceProviderRecord,
    'ServiceProviderName' | 'ServiceProviderAddress' | 'Email' | 'Phone' | 'FirstName' | 'LastName' | 'ServiceProviderIsEnabled' | 'image'
  >
>;

/** The fields only activation changes, never a profile form. */
export type ServiceProviderCounters = Pick<ServiceProviderRecord, 'Clinics' | 'ActivePatientLinkedDeviceCount'>;

const nameKey = (name: string) => name.trim().toLowerCase();

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

  /** Whether the provider lets its users sign in: one read of its profile item, without its counters. */
  async isEnabled(id: string): Promise<boolean> {
    const { data } = await db()
      .entities.serviceProvider.get({ ServiceProviderID: id })
      .go({ attributes: ['ServiceProviderIsEnabled'] });
    return data?.ServiceProviderIsEnabled === true;
  },

  /** /sp, by name. */
  async listAll(page?: PageRequest): Promise<Page<ServiceProviderRecord>> {
    const result = await db()
      .entities.serviceProvider.query.all({})
      .go({ ...pageOptions(page), hydrate: true });
    complete(result);
    return { items: await withCounters(result.data), cursor: result.cursor };
  },

  /**
   * Stores a new provider, with the audit record of its creation in the same transaction. It stores
   * no settings: until its admin decides some, the global ones are in force for its clinics.
   */
  async create(provider: ServiceProviderRecord, audit?: AuditRecord): Promise<void> {
    const { SPExchangeCounter, SPLastExchangeTime, ...stored } = provider;
    await db()
      .transaction.write(({ serviceProvider, audit: auditEntity }) => [
        serviceProvider.create({ ...stored, NameKey: nameKey(provider.ServiceProviderName) }).commit(),
        ...(audit ? [auditEntity.create(auditItem(audit)).commit()] : []),
      ])
      .go()
      .then(throwIfCanceled);
  },

  /**
   * A profile change and, when given, the provider's own settings (what it decided, replacing what
   * it had), with the audit record, all or nothing. The provider must exist.
   */
  async update(id: string, changes: ServiceProviderChanges, settings: Partial<Settings> | undefined, audit: AuditRecord): Promise<void> {
    const set = changes.ServiceProviderName === undefined ? changes : { ...changes, NameKey: nameKey(changes.ServiceProviderName) };
    await db()
      .transaction.write(({ serviceProvider, settings: settingsEntity, audit: auditEntity }) => [
        serviceProvider.patch({ ServiceProviderID: id }).set(set).commit(),
        ...(settings
          ? [settingsEntity.put({ Scope: settingsScopes.serviceProvider(id), Settings: settings, UpdatedAt: audit.At, UpdatedBy: audit.UserID }).commit()]
          : []),
        auditEntity.create(auditItem(audit)).commit(),
      ])
      .go()
      .then(throwIfCanceled);
  },

  /** Removes a provider whose creation could not be completed (its admin could not be created); nothing else refers to it yet. */
  async remove(id: string, audit?: AuditRecord): Promise<void> {
    await db()
      .transaction.write(({ serviceProvider, audit: auditEntity }) => [
        serviceProvider.delete({ ServiceProviderID: id }).commit(),
        ...(audit ? [auditEntity.create(auditItem(audit)).commit()] : []),
      ])
      .go()
      .then(throwIfCanceled);
  },
};
