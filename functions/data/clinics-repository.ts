import type { Settings } from '@shared/settings';
import { db, type ItemOf } from './entities';
import { listShard, allListShards } from './entities/shards';
import { counterScopes, exchangeCountersRepository } from './exchange-counters-repository';
import { complete, pageOptions, shardedPage, type Page, type PageRequest } from './page';
import { PLATFORM_STATS } from './entities/service-provider';
import { settingsScopes } from './settings-repository';
import { throwIfCanceled } from './transactions';
import { auditItem, type AuditRecord } from './audit-repository';

type ClinicItem = ItemOf<'clinic'>;

/** A clinic (spec section 3) as the entity stores it, with the exchange counters its list row shows, summed on read. */
export type ClinicRecord = Omit<ClinicItem, 'NameKey' | 'ListShard'> & { ClinicExchangeCounter?: number; ClinicLastExchangeTime?: string };

/** What a profile edit may change. */
export type ClinicChanges = Partial<
  Pick<ClinicRecord, 'ClinicName' | 'ClinicPhone' | 'ClinicAddress' | 'ClinicIsEnabled' | 'Email' | 'ContactPersonFullName' | 'image'>
>;

export type ClinicCounters = Pick<ClinicRecord, 'ActivePatientLinkedDeviceCount'>;

const nameKey = (name: string) => name.trim().toLowerCase();

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

  /** Every clinic's id and provider, shard after shard, without the list's counters (the settings fan-out's walk). */
  async listAllRefs(page?: PageRequest): Promise<Page<Pick<ClinicRecord, 'ClinicID' | 'ServiceProviderID'>>> {
    return shardedPage(allListShards(), page ?? {}, async (ListShard, shardPage) => {
      const result = await db()
        .entities.clinic.query.all({ ListShard })
        .go({ ...pageOptions(shardPage), hydrate: true });
      complete(result);
      return { items: result.data.map(({ ClinicID, ServiceProviderID }) => ({ ClinicID, ServiceProviderID })), cursor: result.cursor };
    });
  },

  /**
   * Stores a new clinic with the settings it decided itself (none when it keeps its provider's) and,
   * when it starts enabled, counts it among its provider's and the platform's activated clinics;
   * with `audit`, its record is written in the same transaction.
   */
  async create(clinic: ClinicRecord, settings: Partial<Settings>, audit?: AuditRecord): Promise<void> {
    const activated = clinic.ClinicIsEnabled ? 1 : 0;
    const { ClinicExchangeCounter, ClinicLastExchangeTime, ...stored } = clinic;
    await db()
      .transaction.write(({ clinic: clinicEntity, settings: settingsEntity, serviceProvider, platformStats, audit: auditEntity }) => [
        clinicEntity.create({ ...stored, NameKey: nameKey(clinic.ClinicName), ListShard: listShard(clinic.ClinicID) }).commit(),
        settingsEntity.put({ Scope: settingsScopes.clinic(clinic.ClinicID), Settings: settings, UpdatedAt: clinic.CreatedAt }).commit(),
        serviceProvider.patch({ ServiceProviderID: clinic.ServiceProviderID }).add({ Clinics: activated }).commit(),
        platformStats.update({ Name: PLATFORM_STATS }).add({ activatedClinics: activated }).commit(),
        ...(audit ? [auditEntity.create(auditItem(audit)).commit()] : []),
      ])
      .go()
      .then(throwIfCanceled);
  },

  /**
   * Changes a clinic's profile fields and writes the audit record in the same transaction. The
   * change is conditioned on the enabled flag read (`before`), so the activated-clinic counters of
   * the provider and the platform move with it exactly once; 'changedMeanwhile' when it moved.
   */
  async update(before: ClinicRecord, changes: ClinicChanges, audit: AuditRecord): Promise<'updated' | 'changedMeanwhile'> {
    const toggled = changes.ClinicIsEnabled !== undefined && changes.ClinicIsEnabled !== before.ClinicIsEnabled;
    const delta = toggled ? (changes.ClinicIsEnabled ? 1 : -1) : 0;
    const set = { ...changes, ...(changes.ClinicName !== undefined ? { NameKey: nameKey(changes.ClinicName) } : {}) };
    const result = await db()
      .transaction.write(({ clinic: clinicEntity, serviceProvider, platformStats, audit: auditEntity }) => [
        clinicEntity
          .patch({ ClinicID: before.ClinicID })
          .set(set)
          .composite({ ServiceProviderID: before.ServiceProviderID, ListShard: listShard(before.ClinicID) })
          .where(({ ClinicIsEnabled }, { eq }) => eq(ClinicIsEnabled, before.ClinicIsEnabled))
          .commit(),
        ...(delta !== 0
          ? [
              serviceProvider.patch({ ServiceProviderID: before.ServiceProviderID }).add({ Clinics: delta }).commit(),
              platformStats.update({ Name: PLATFORM_STATS }).add({ activatedClinics: delta }).commit(),
            ]
          : []),
        auditEntity.create(auditItem(audit)).commit(),
      ])
      .go();
    if (result.canceled && result.data.some(({ code }) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'changedMeanwhile';
    throwIfCanceled(result);
    return 'updated';
  },

  /** The provider's name copied on the clinic, after the provider was renamed. */
  async setServiceProviderName(clinicId: string, name: string): Promise<void> {
    await db().entities.clinic.patch({ ClinicID: clinicId }).set({ ServiceProviderName: name }).go();
  },

  async setAdmin(clinicId: string, admin: NonNullable<ClinicRecord['ClinicAdmin']>): Promise<void> {
    await db().entities.clinic.patch({ ClinicID: clinicId }).set({ ClinicAdmin: admin }).go();
  },
};
