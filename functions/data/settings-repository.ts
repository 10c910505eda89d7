import type { Settings } from '@shared/settings';
import { auditItem, type AuditRecord } from './audit-repository';
import { db } from './entities';
import { complete } from './page';
import type { SettingsFanoutJob } from './settings-fanout-repository';
import { throwIfCanceled } from './transactions';

/** The settings scopes: the platform, a provider, a clinic. */
export const settingsScopes = {
  global: () => 'GLOBAL',
  serviceProvider: (serviceProviderId: string) => `SP#${serviceProviderId}`,
  clinic: (clinicId: string) => `CLINIC#${clinicId}`,
};

async function read(Scope: string): Promise<Partial<Settings> | undefined> {
  return (await db().entities.settings.get({ Scope }).go()).data?.Settings;
}

/**
 * Writes a scope's settings; with `audit`, its record is created in the same transaction (all or
 * nothing), and so is `fanout`, the job that sends a global change to the devices.
 */
async function write(Scope: string, settings: Partial<Settings>, updatedBy?: string, audit?: AuditRecord, fanout?: SettingsFanoutJob): Promise<void> {
  const item = { Scope, Settings: settings, UpdatedAt: new Date().toISOString(), UpdatedBy: updatedBy };
  if (!audit && !fanout) {
    await db().entities.settings.put(item).go();
    return;
  }
  await db()
    .transaction.write(({ settings: settingsEntity, audit: auditEntity, settingsFanout }) => [
      settingsEntity.put(item).commit(),
      ...(audit ? [auditEntity.create(auditItem(audit)).commit()] : []),
      ...(fanout ? [settingsFanout.create(fanout).commit()] : []),
    ])
    .go()
    .then(throwIfCanceled);
}

export const settingsRepository = {
  getGlobal: () => read(settingsScopes.global()),
  putGlobal: (settings: Partial<Settings>, updatedBy?: string, audit?: AuditRecord, fanout?: SettingsFanoutJob) =>
    write(settingsScopes.global(), settings, updatedBy, audit, fanout),
  getForServiceProvider: (id: string) => read(settingsScopes.serviceProvider(id)),
  putForServiceProvider: (id: string, settings: Partial<Settings>, updatedBy?: string) => write(settingsScopes.serviceProvider(id), settings, updatedBy),
  getForClinic: (id: string) => read(settingsScopes.clinic(id)),
  putForClinic: (id: string, settings: Partial<Settings>, updatedBy?: string) => write(settingsScopes.clinic(id), settings, updatedBy),

  /** The three scopes a clinic's effective settings merge, in one BatchGetItem. */
  async getChain(
    clinicId: string,
    serviceProviderId: string,
  ): Promise<{ clinic?: Partial<Settings>; serviceProvider?: Partial<Settings>; global?: Partial<Settings> }> {
    const scopes = [settingsScopes.clinic(clinicId), settingsScopes.serviceProvider(serviceProviderId), settingsScopes.global()];
    const result = await db()
      .entities.settings.get(scopes.map((Scope) => ({ Scope })))
      .go();
    complete(result);
    const { data } = result;
    const byScope = new Map(data.map((item) => [item.Scope, item.Settings]));
    return { clinic: byScope.get(scopes[0]!), serviceProvider: byScope.get(scopes[1]!), global: byScope.get(scopes[2]!) };
  },
};
