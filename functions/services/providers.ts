import { ZodError, type ZodIssue } from 'zod';
import type { LogoUpload } from '@shared/api/logos';
import type { MyProviderUpdate, ProviderListItem, ProviderProfile, ProviderSignup, ProviderUpdate, SettingSource } from '@shared/api/providers';
import { deviceSettingNames, type DeviceSettingName } from '@shared/device';
import * as messages from '@shared/messages';
import {
  effectiveSettings,
  parseSettings,
  settingNames,
  toSettingsList,
  toSettingsObject,
  validateSettings,
  type SettingName,
  type Settings,
} from '@shared/settings';
import { serviceProvidersRepository, type ServiceProviderChanges, type ServiceProviderRecord } from '../data/service-providers-repository';
import { clinicsRepository } from '../data/clinics-repository';
import { devicesRepository } from '../data/devices-repository';
import { settingsRepository } from '../data/settings-repository';
import { usersRepository } from '../data/users-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { badRequest, forbidden } from '../lib/errors';
import { imageStore } from '../lib/image-store';
import { inScope } from '../lib/scope';
import { allItems, type PageRequest } from '../data/page';
import { createServiceProvider } from './organizations';
import { endAllSessions } from './end-sessions';
import { sendClinicDevicesSettings } from './settings';

/** The profile fields of the audit records (counters are not the provider's data). */
function audited(provider: ServiceProviderRecord) {
  const { Clinics, ActivePatientLinkedDeviceCount, SPExchangeCounter, SPLastExchangeTime, ...profile } = provider;
  return profile;
}

function listItem(provider: ServiceProviderRecord): ProviderListItem {
  return {
    ServiceProviderID: provider.ServiceProviderID,
    ServiceProviderName: provider.ServiceProviderName,
    Clinics: provider.Clinics ?? 0,
    ActivePatientLinkedDeviceCount: provider.ActivePatientLinkedDeviceCount ?? 0,
    SPExchangeCounter: provider.SPExchangeCounter ?? 0,
    SPLastExchangeTime: provider.SPLastExchangeTime,
    ServiceProviderIsEnabled: provider.ServiceProviderIsEnabled,
    IsEnabled: provider.ServiceProviderIsEnabled,
    ServiceProviderAddress: provider.ServiceProviderAddress,
    Email: provider.Email,
    Phone: provider.Phone,
    FirstName: provider.FirstName,
    LastName: provider.LastName,
  };
}

/** Where each setting's effective value comes from: what the provider decided, else the global level (DwellTime is global only). */
function settingsSource(own: Partial<Settings>): Record<SettingName, SettingSource> {
  return Object.fromEntries(settingNames.map((name) => [name, own[name] === undefined ? 'global' : 'provider'])) as Record<SettingName, SettingSource>;
}

/** The provider's profile with its effective settings (its own over the global ones) and the source of each. */
async function profileOf(provider: ServiceProviderRecord): Promise<ProviderProfile> {
  const [own = {}, global] = await Promise.all([settingsRepository.getForServiceProvider(provider.ServiceProviderID), settingsRepository.getGlobal()]);
  return {
    ...listItem(provider),
    CreatedAt: provider.CreatedAt,
    Role: 'ServiceProviderAdmin',
    image: provider.image ? await imageStore.downloadUrl(provider.image) : undefined,
    Settings: toSettingsList(effectiveSettings(own, global)),
    SettingsSource: settingsSource(own),
  };
}

/** /sp: one page of every provider, by name, with the counters of its list columns. */
export async function listServiceProviders(page: PageRequest): Promise<{ items: ProviderListItem[]; cursor?: string }> {
  const result = await serviceProvidersRepository.listAll(page);
  return { items: result.items.map(listItem), cursor: result.cursor ?? undefined };
}

/**
 * POST /sp/signup: the provider, then its admin (the contact person) in Cognito and the table
 * with the ServiceProviderAdmin role and the provider as tenant; the admin gets a temporary
 * password by mail. When the admin cannot be created (the e-mail is already registered, Cognito
 * fails), the provider is deleted again and the error answered: no provider without its admin
 * is left behind (the audit trail keeps both the creation and the removal).
 */
export async function signupServiceProvider(caller: Caller, audit: AuditTrail, input: ProviderSignup): Promise<ProviderProfile> {
  const { Role, ...fields } = input;
  const provider = await createServiceProvider(fields, (created) =>
    audit.write({ entity: 'ServiceProvider', id: created.ServiceProviderID, after: audited(created), ServiceProviderID: created.ServiceProviderID }),
  );
  try {
    // The user service (Cognito, SES) loads with the first sign-up, not with every provider call.
    const { createUser } = await import('./users');
    await createUser({
      FirstName: input.FirstName,
      LastName: input.LastName,
      Email: input.Email,
      Phone: input.Phone,
      Role: 'ServiceProviderAdmin',
      ServiceProviderID: provider.ServiceProviderID,
      ServiceProviderName: provider.ServiceProviderName,
    });
  } catch (error) {
    const id = provider.ServiceProviderID;
    await serviceProvidersRepository.remove(id, audit.write({ entity: 'ServiceProvider', id, before: audited(provider), ServiceProviderID: id }));
    throw error;
  }
  return profileOf(provider);
}

/** …/sp/{id}/logoUpload (LiberDiAdmin): the upload link of a provider's logo; an update then names its key. */
export async function providerLogoUpload(caller: Caller, id: string, input: LogoUpload) {
  const provider = inScope(caller, 'provider', await serviceProvidersRepository.get(id));
  return imageStore.logoLink('providers', provider.ServiceProviderID, input);
}

/** …/logoUpload (ServiceProviderAdmin): the upload link of the own provider's logo. */
export async function myProviderLogoUpload(caller: Caller, input: LogoUpload) {
  return imageStore.logoLink('providers', (await ownProvider(caller)).ServiceProviderID, input);
}

/** GET /sp/{id}/profile (LiberDiAdmin). */
export async function serviceProviderProfile(caller: Caller, id: string): Promise<ProviderProfile> {
  return profileOf(inScope(caller, 'provider', await serviceProvidersRepository.get(id)));
}

/** The caller's own provider (ServiceProviderAdmin); without one, the spec's 'must have Service Provider id'. */
async function ownProvider(caller: Caller): Promise<ServiceProviderRecord> {
  if (!caller.serviceProviderId) throw forbidden(messages.errors.missingProviderId);
  return inScope(caller, 'provider', await serviceProvidersRepository.get(caller.serviceProviderId));
}

/** GET /getMySP. */
export async function myServiceProvider(caller: Caller): Promise<ProviderProfile> {
  return profileOf(await ownProvider(caller));
}

function changesOf(provider: ServiceProviderRecord, input: Omit<ProviderUpdate, 'IsEnabled'> | Omit<MyProviderUpdate, 'Settings'>): ServiceProviderChanges {
  // Only a logo uploaded through this provider's own link.
  if (input.image !== undefined && !imageStore.isLogoOf('providers', provider.ServiceProviderID, input.image)) throw badRequest(messages.clinics.imageNotValid);
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/**
 * What follows a stored profile change: the replaced logo is removed, and a sent name is copied
 * onto the provider's clinics, their devices and its users, which show it in their lists. A name
 * sent again repeats the copy, so a copy cut short (a timeout) is repaired by saving once more.
 */
async function afterProfileChange(before: ServiceProviderRecord, changes: ServiceProviderChanges): Promise<void> {
  if (changes.image !== undefined) await imageStore.removeReplaced(before.image, changes.image);
  if (changes.ServiceProviderName !== undefined) await copyProviderName(before.ServiceProviderID, changes.ServiceProviderName);
}

async function copyProviderName(serviceProviderId: string, name: string): Promise<void> {
  const clinics = await allItems((page) => clinicsRepository.listByServiceProvider(serviceProviderId, page));
  for (const clinic of clinics) {
    if (clinic.ServiceProviderName !== name) await clinicsRepository.setServiceProviderName(clinic.ClinicID, name);
    const devices = await allItems((page) => devicesRepository.listByClinic(clinic.ClinicID, page));
    for (const device of devices.filter((candidate) => candidate.ServiceProviderName !== name)) {
      await devicesRepository.setServiceProviderName(device.DeviceID, name);
    }
  }
  const users = await allItems((page) => usersRepository.listByServiceProvider(serviceProviderId, page));
  for (const user of users.filter((candidate) => candidate.ServiceProviderName !== name)) await usersRepository.setServiceProviderName(user.UserID, name);
}

/**
 * POST /sp/{id}/updateProfile (LiberDiAdmin): the changed fields and the enabled flag. When the flag
 * is sent, the provider's users are brought in line with it (setProviderUsersEnabled): disabling
 * marks them and ends their open sessions, enabling clears the mark. Devices and their data are
 * untouched.
 */
export async function updateServiceProviderProfile(caller: Caller, audit: AuditTrail, id: string, input: ProviderUpdate): Promise<ProviderProfile> {
  const before = inScope(caller, 'provider', await serviceProvidersRepository.get(id));
  const { IsEnabled, ...fields } = input;
  const changes = changesOf(before, { ...fields, ServiceProviderIsEnabled: fields.ServiceProviderIsEnabled ?? IsEnabled });
  const after = { ...before, ...changes };
  await serviceProvidersRepository.update(
    id,
    changes,
    undefined,
    audit.write({ entity: 'ServiceProvider', id, before: audited(before), after: audited(after), ServiceProviderID: id }),
  );
  await afterProfileChange(before, changes);
  if (changes.ServiceProviderIsEnabled !== undefined) await setProviderUsersEnabled(id, changes.ServiceProviderIsEnabled);
  return profileOf(after);
}

/**
 * Brings a provider's users in line with its enabled flag, as clinics do with theirs: disabling
 * marks each one (`ProviderDisabled`: sign-in, Cognito's triggers and every call refuse them,
 * functions/identity/may-sign-in.ts) and ends their open sessions; enabling clears the mark, so each
 * user is back to their own flag. Only users whose mark differs are written, so sending the flag
 * again repairs a toggle that was interrupted half-way. Page by page: a provider has many users.
 */
async function setProviderUsersEnabled(serviceProviderId: string, enabled: boolean): Promise<void> {
  let cursor: string | null | undefined;
  do {
    const page = await usersRepository.listByServiceProvider(serviceProviderId, { limit: 100, cursor });
    for (const user of page.items.filter((candidate) => (candidate.ProviderDisabled === true) === enabled)) {
      await usersRepository.setProviderDisabled(user.UserID, !enabled);
      if (!enabled) await endAllSessions(user.UserID);
    }
    cursor = page.cursor;
  } while (cursor);
}

/**
 * The provider's own settings after a change: a value equal to the global one is not kept (the
 * provider follows the global level for it again), any other is the provider's decision. Settings
 * not sent keep what the provider had. DwellTime is global only and never kept here.
 */
function ownSettingsAfter(current: Partial<Settings>, sent: Partial<Settings>, global: Settings): Partial<Settings> {
  const own: Record<string, unknown> = { ...current };
  for (const [name, value] of Object.entries(sent) as Array<[SettingName, unknown]>) {
    if (name === 'DwellTime' || value === global[name]) delete own[name];
    else own[name] = value;
  }
  return own;
}

/**
 * POST /updateSPprofile (ServiceProviderAdmin): ServiceProviderName and Settings, or changed
 * fields; the enabled flags are not the provider admin's to change (the schema refuses them).
 * The settings in force with the change (the provider's over the global ones) must satisfy the
 * spec's rules, the fill and drain time bounds excepted for this role. A change reaches the alert
 * engine at the next exchange after its 60-second settings cache (docs/settings.md).
 */
export async function updateMyServiceProvider(caller: Caller, audit: AuditTrail, input: MyProviderUpdate): Promise<ProviderProfile> {
  const before = await ownProvider(caller);
  const id = before.ServiceProviderID;
  const { Settings: sentList, ...fields } = input;
  const changes = changesOf(before, fields);
  let settings: Partial<Settings> | undefined;
  let settingsBefore: Partial<Settings> | undefined;
  /** The settings the devices use whose value in force the change alters. */
  let deviceChanges: DeviceSettingName[] = [];
  if (sentList) {
    const [current = {}, storedGlobal] = await Promise.all([settingsRepository.getForServiceProvider(id), settingsRepository.getGlobal()]);
    const global = effectiveSettings(storedGlobal);
    settingsBefore = current;
    settings = ownSettingsAfter(current, parseSettings(toSettingsObject(sentList)), global);
    const issues = validateSettings(effectiveSettings(settings, global), { skipTimeBounds: true });
    if (issues.length > 0) {
      throw new ZodError(issues.map((issue): ZodIssue => ({ code: 'custom', path: ['Settings', issue.field], message: issue.message })));
    }
    const [wasInForce, inForce] = [effectiveSettings(current, global), effectiveSettings(settings, global)];
    deviceChanges = deviceSettingNames.filter((name) => wasInForce[name] !== inForce[name]);
  }
  const after = { ...before, ...changes };
  const record = audit.write({
    entity: 'ServiceProvider',
    id,
    before: { ...audited(before), ...(settings ? { Settings: settingsBefore } : {}) },
    after: { ...audited(after), ...(settings ? { Settings: settings } : {}) },
    ServiceProviderID: id,
  });
  await serviceProvidersRepository.update(id, changes, settings, record);
  await afterProfileChange(before, changes);
  if (deviceChanges.length > 0) await publishSettingsToDevices(id, deviceChanges);
  return profileOf(after);
}

/**
 * Sends the retained settings message (docs/device-protocol.md) to every device of the provider's
 * clinics whose effective settings changed: a clinic that decided all the changed settings itself
 * is not affected. One settings read per clinic, one publish per device.
 */
async function publishSettingsToDevices(serviceProviderId: string, changed: readonly DeviceSettingName[]): Promise<void> {
  let clinicCursor: string | null | undefined;
  do {
    const clinics = await clinicsRepository.listByServiceProvider(serviceProviderId, { limit: 100, cursor: clinicCursor });
    for (const clinic of clinics.items) {
      const chain = await settingsRepository.getChain(clinic.ClinicID, serviceProviderId);
      if (changed.every((name) => chain.clinic?.[name] !== undefined)) continue;
      await sendClinicDevicesSettings(clinic.ClinicID, effectiveSettings(chain.clinic, chain.serviceProvider, chain.global));
    }
    clinicCursor = clinics.cursor;
  } while (clinicCursor);
}
