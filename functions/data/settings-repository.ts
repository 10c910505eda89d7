import type { Settings } from '../../shared/settings';
import { getItem, putItem } from './table';

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

async function write(key: { pk: string; sk: string }, settings: Partial<Settings>, updatedBy?: string): Promise<void> {
  await putItem({ ...key, entity: 'Settings', Settings: settings, UpdatedAt: new Date().toISOString(), UpdatedBy: updatedBy });
}

export const settingsRepository = {
  getGlobal: () => read(keys.global()),
  putGlobal: (settings: Partial<Settings>, updatedBy?: string) => write(keys.global(), settings, updatedBy),
  getForServiceProvider: (id: string) => read(keys.serviceProvider(id)),
  putForServiceProvider: (id: string, settings: Partial<Settings>, updatedBy?: string) =>
    write(keys.serviceProvider(id), settings, updatedBy),
  getForClinic: (id: string) => read(keys.clinic(id)),
  putForClinic: (id: string, settings: Partial<Settings>, updatedBy?: string) => write(keys.clinic(id), settings, updatedBy),
};
