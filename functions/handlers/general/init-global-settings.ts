import { routes } from '../../../shared/api/routes';
import { parseSettings, toSettingsList, toSettingsObject, type SettingEntry } from '../../../shared/settings';
import { settingsRepository } from '../../data/settings-repository';
import { endpoint } from '../../lib/endpoint';

/** Replaces the global settings (already validated against the spec's rules) and returns them. */
export async function initGlobalSettings(entries: SettingEntry[], adminId: string): Promise<SettingEntry[]> {
  const settings = parseSettings(toSettingsObject(entries));
  await settingsRepository.putGlobal(settings, adminId);
  return toSettingsList(settings);
}

export const handler = endpoint(routes.initGlobalSettings, ({ body, caller }) => initGlobalSettings(body.Settings, caller.userId));
