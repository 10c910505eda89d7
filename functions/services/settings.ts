import { effectiveSettings, parseSettings, toSettingsList, toSettingsObject, type SettingEntry, type Settings } from '@shared/settings';
import { settingsRepository } from '../data/settings-repository';
import type { AuditTrail } from '../lib/audit';
import type { Caller } from '../lib/caller';

/** The settings in force for a clinic: each value from the clinic, else its provider, else global (spec section 3, Settings). */
export async function settingsForClinic(clinicId: string, serviceProviderId: string): Promise<Settings> {
  const [clinic, provider, global] = await Promise.all([
    settingsRepository.getForClinic(clinicId),
    settingsRepository.getForServiceProvider(serviceProviderId),
    settingsRepository.getGlobal(),
  ]);
  return effectiveSettings(clinic, provider, global);
}

/** The global settings as the wire's name/value list; defaults fill what was never stored. */
export async function getGlobalSettings(): Promise<SettingEntry[]> {
  return toSettingsList(effectiveSettings(await settingsRepository.getGlobal()));
}

/** Replaces the global settings (already validated against the spec's rules) and returns them. */
export async function initGlobalSettings(caller: Caller, audit: AuditTrail, entries: SettingEntry[]): Promise<SettingEntry[]> {
  const settings = parseSettings(toSettingsObject(entries));
  const before = (await settingsRepository.getGlobal()) ?? {};
  await settingsRepository.putGlobal(settings, caller.userId, audit.write({ entity: 'Settings', id: 'GLOBAL', before, after: settings }));
  return toSettingsList(settings);
}
