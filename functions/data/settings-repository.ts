import type { Settings } from '../../shared/settings';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { getItem, putItem, transactWrite } from './table';

/** An item another part adds to a write's transaction (its audit record). */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Settings items: global under SETTINGS/GLOBAL; provider and clinic settings under their own partitions. */
const keys = {
  global: () => ({ pk: 'SETTINGS', sk: 'GLOBAL' }),
  serviceProvider: (serviceProviderId: string) => ({ pk: `SP#${serviceProviderId}`, sk: 'SETTINGS' }),
  clinic: (clinicId: string) => ({ pk: `CLINIC#${clinicId}`, sk: 'SETTINGS' }),
};

interface SettingsItem {
  Settings: Partial<Settings>;
  UpdatedAt: string;
  UpdatedBy?: string;
}

async function read(key: { pk: string; sk: string }): Promise<Partial<Settings> | undefined> {
  return (await getItem<SettingsItem>(key))?.Settings;
}

/** Writes a scope's settings; with `audit`, the audit record goes in the same transaction (all or nothing). */
async function write(key: { pk: string; sk: string }, settings: Partial<Settings>, updatedBy?: string, audit?: TransactItem): Promise<void> {
  const item = { ...key, entity: 'Settings', Settings: settings, UpdatedAt: new Date().toISOString(), UpdatedBy: updatedBy };
  if (!audit) return putItem(item);
  await transactWrite([{ Put: { TableName: '', Item: item } }, audit]);
}

export const settingsRepository = {
  getGlobal: () => read(keys.global()),
  putGlobal: (settings: Partial<Settings>, updatedBy?: string, audit?: TransactItem) => write(keys.global(), settings, updatedBy, audit),
  getForServiceProvider: (id: string) => read(keys.serviceProvider(id)),
  putForServiceProvider: (id: string, settings: Partial<Settings>, updatedBy?: string) =>
    write(keys.serviceProvider(id), settings, updatedBy),
  getForClinic: (id: string) => read(keys.clinic(id)),
  putForClinic: (id: string, settings: Partial<Settings>, updatedBy?: string) => write(keys.clinic(id), settings, updatedBy),
};
