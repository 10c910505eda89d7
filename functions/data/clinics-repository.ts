import type { EntityItem } from 'electrodb';
import type { Settings } from '@shared/settings';
import { db, type Db } from './entities';
import { listShard, allListShards } from './entities/shards';
import { counterScopes, exchangeCountersRepository } from './exchange-counters-repository';
import { complete, pageOptions, shardedPage, type Page, type PageRequest } from './page';
import { PLATFORM_STATS } from './entities/service-provider';
import { settingsScopes } from './settings-repository';
import { type Address } from './service-providers-repository';
import { throwIfCanceled } from './transactions';

/** A clinic (spec section 3), with the counters its list row shows. */
export interface ClinicRecord {
  ClinicID: string;
  ClinicName: string;
  ClinicPhone: string;
  ClinicAddress: Address;
  ClinicIsEnabled: boolean;
  Email?: string;
  ServiceProviderID: string;
  ServiceProviderName: string;
  /** The clinic's admin, once one is added. */
  ClinicAdmin?: { UserID: string; FirstName: string; LastName: string; Email: string };
  CreatedAt: string;
  ActivePatientLinkedDeviceCount?: number;
  /** Summed from the sharded exchange counters on read. */
  ClinicExchangeCounter?: number;
  ClinicLastExchangeTime?: string;
}

export type ClinicCounters = Pick<ClinicRecord, 'ActivePatientLinkedDeviceCount'>;

const nameKey = (name: string) => name.trim().toLowerCase();

type ClinicItem = EntityItem<Db['entities']['clinic']>;

async function withCounters(items: ClinicItem[]): Promise<ClinicRecord[]> {
  const counters = await exchangeCountersRepository.read(items.map((item) => counterScopes.clinic(item.ClinicID)));
  return items.map(({ NameKey, ListShard, ...clinic }) => {
    const count = counters.get(counterScopes.clinic(clinic.ClinicID))!;
    return { ...clinic, ClinicExchangeCounter: count.ExchangeCount, ClinicLastExchangeTime: count.LastExchangeTime };
  });
}

export const clinicsRepository = {
  async get(id: string): Promise<ClinicRecord | undefined> {
    const { data } = await db().entities.clinic.get({ ClinicID: id }).go();
    return data ? (await withCounters([data]))[0] : undefined;
  },

  /** /clinics of a provider, by name. */
  async listByServiceProvider(serviceProviderId: string, page?: PageRequest): Promise<Page<ClinicRecord>> {
    const result = await db()
      .entities.clinic.query.byServiceProvider({ ServiceProviderID: serviceProviderId })
      .go({ ...pageOptions(page), hydrate: true });
    complete(result);
    return { items: await withCounters(result.data), cursor: result.cursor };
  },

  /** /clinics (LiberDiAdmin): every clinic, shard after shard (by name within a shard). */
  async listAll(page?: PageRequest): Promise<Page<ClinicRecord>> {
    const result = await shardedPage(allListShards(), page ?? {}, async (ListShard, shardPage) => {
      const result = await db()
        .entities.clinic.query.all({ ListShard })
        .go({ ...pageOptions(shardPage), hydrate: true });
      complete(result);
      return { items: result.data, cursor: result.cursor };
    });
    return { items: await withCounters(result.items), cursor: result.cursor };
  },

  /**
   * Stores a new clinic with its settings (the provider's, copied, as the spec says) and, when it
   * starts enabled, counts it among its provider's and the platform's activated clinics.
   */
  async create(clinic: ClinicRecord, settings: Partial<Settings>): Promise<void> {
    const activated = clinic.ClinicIsEnabled ? 1 : 0;
    const { ClinicExchangeCounter, ClinicLastExchangeTime, ...stored } = clinic;
    await db()
      .transaction.write(({ clinic: clinicEntity, settings: settingsEntity, serviceProvider, platformStats }) => [
        clinicEntity.create({ ...stored, NameKey: nameKey(clinic.ClinicName), ListShard: listShard(clinic.ClinicID) }).commit(),
        settingsEntity.put({ Scope: settingsScopes.clinic(clinic.ClinicID), Settings: settings, UpdatedAt: clinic.CreatedAt }).commit(),
        serviceProvider.patch({ ServiceProviderID: clinic.ServiceProviderID }).add({ Clinics: activated }).commit(),
        platformStats.update({ Name: PLATFORM_STATS }).add({ activatedClinics: activated }).commit(),
      ])
      .go()
      .then(throwIfCanceled);
  },

  async setAdmin(clinicId: string, admin: NonNullable<ClinicRecord['ClinicAdmin']>): Promise<void> {
    await db().entities.clinic.patch({ ClinicID: clinicId }).set({ ClinicAdmin: admin }).go();
  },
};
