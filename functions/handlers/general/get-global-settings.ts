import { routes } from '../../../shared/api/routes';
import { effectiveSettings, toSettingsList, type SettingEntry } from '../../../shared/settings';
import { settingsRepository } from '../../data/settings-repository';
import { endpoint } from '../../lib/endpoint';

/** The global settings as the wire's name/value list; defaults fill what was never stored. */
export async function getGlobalSettings(): Promise<SettingEntry[]> {
  return toSettingsList(effectiveSettings(await settingsRepository.getGlobal()));
}

export const handler = endpoint(routes.getGlobalSettings, () => getGlobalSettings());
