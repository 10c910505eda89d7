import { effectiveSettings, parseSettings, toSettingsList, toSettingsObject, type SettingEntry, type Settings } from '@shared/settings';
import { deviceSettingNames } from '@shared/device';
import { settingsFanoutItem } from '../data/settings-fanout-repository';
import { settingsRepository } from '../data/settings-repository';
import type { AuditTrail } from '../lib/audit';
import type { Caller } from '../lib/caller';
import { forbidden } from '../lib/errors';

/** The settings in force for a clinic: each value from the clinic, else its provider, else global (spec section 3, Settings). */
export async function settingsForClinic(clinicId: string, serviceProviderId: string): Promise<Settings> {
  const { clinic, serviceProvider, global } = await settingsRepository.getChain(clinicId, serviceProviderId);
  return effectiveSettings(clinic, serviceProvider, global);
}

/** The global settings as the wire's name/value list; defaults fill what was never stored. */
export async function getGlobalSettings(): Promise<SettingEntry[]> {
  return toSettingsList(effectiveSettings(await settingsRepository.getGlobal()));
}

/**
 * Replaces the global settings (already validated against the spec's rules) and returns them.
 * When a setting the devices use changed, a fan-out job is stored in the same transaction: the
 * scheduled fan-out (functions/devices/publish-global-settings.ts) sends the retained settings
 * message to every device that follows the global value, so the request stays one write however
 * many devices there are (docs/settings.md).
 */
export async function initGlobalSettings(caller: Caller, audit: AuditTrail, entries: SettingEntry[]): Promise<SettingEntry[]> {
  const settings = parseSettings(toSettingsObject(entries));
  const before = (await settingsRepository.getGlobal()) ?? {};
  const [wasInForce, inForce] = [effectiveSettings(before), effectiveSettings(settings)];
  const changed = deviceSettingNames.filter((name) => wasInForce[name] !== inForce[name]);
  await settingsRepository.putGlobal(
    settings,
    caller.userId,
    audit.write({ entity: 'Settings', id: 'GLOBAL', before, after: settings }),
    changed.length > 0 ? settingsFanoutItem(changed) : undefined,
  );
  return toSettingsList(settings);
}

/** The settings in force for the caller's clinic, as the wire's name/value list (staff: the prescription form's bounds and dwell gap). */
export async function clinicSettingsOf(caller: Caller): Promise<SettingEntry[]> {
  if (!caller.clinicId || !caller.serviceProviderId) throw forbidden();
  return toSettingsList(await settingsForClinic(caller.clinicId, caller.serviceProviderId));
}
