import { effectiveSettings, parseSettings, toSettingsList, toSettingsObject, type SettingEntry, type Settings } from '@shared/settings';
import { deviceSettingNames, toDeviceSettingsMessage } from '@shared/device';
import { devicesRepository, type DeviceRecord } from '../data/devices-repository';
import { settingsFanoutItem } from '../data/settings-fanout-repository';
import { settingsRepository } from '../data/settings-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { devicePublisher } from '../lib/device-publisher';
import { forbidden } from '../lib/errors';
import { inParallel } from '../lib/in-parallel';

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

/** Sends a device its retained settings message (docs/device-protocol.md): its MACs and the settings in force for it. */
export function sendDeviceSettings(device: Pick<DeviceRecord, 'SerialNumber' | 'BloodMAC' | 'ScaleMAC'>, settings: Settings): Promise<void> {
  return devicePublisher.settings(
    device.SerialNumber,
    toDeviceSettingsMessage({ BloodMAC: device.BloodMAC, ScaleMAC: device.ScaleMAC, settings, time: new Date() }),
  );
}

/** Devices of a clinic read per page, and settings messages in flight at once. */
const DEVICES_PER_PAGE = 100;
const PARALLEL_PUBLISHES = 16;

/** Sends every device of a clinic its retained settings message with the clinic's settings in force; answers how many were sent. */
export async function sendClinicDevicesSettings(clinicId: string, settings: Settings): Promise<number> {
  let sent = 0;
  let cursor: string | null | undefined;
  do {
    const devices = await devicesRepository.listByClinic(clinicId, { limit: DEVICES_PER_PAGE, cursor });
    await inParallel(devices.items, PARALLEL_PUBLISHES, async (device) => {
      await sendDeviceSettings(device, settings);
      sent += 1;
    });
    cursor = devices.cursor;
  } while (cursor);
  return sent;
}
