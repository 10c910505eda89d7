import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  type ClinicAnswer,
  type ClinicListItem,
  type ClinicSignup,
  type ClinicUpdate,
  type LogoUpload,
  type MyClinicUpdate,
  type SettingSource,
  type SourcedSetting,
} from '@shared/api/clinics';
import * as messages from '@shared/messages';
import { effectiveSettings, parseSettings, settingNames, toSettingsObject, type Settings } from '@shared/settings';
import { auditRepository } from '../data/audit-repository';
import { clinicsRepository, type ClinicChanges, type ClinicRecord } from '../data/clinics-repository';
import { allItems, type Page, type PageRequest } from '../data/page';
import { serviceProvidersRepository } from '../data/service-providers-repository';
import { settingsRepository } from '../data/settings-repository';
import { usersRepository } from '../data/users-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { imageStore } from '../lib/image-store';
import { inScope } from '../lib/scope';
import { endAllSessions } from './end-sessions';

/** The caller's own provider (ServiceProviderAdmin) or clinic (ClinicAdmin), from the caller's record. */
function ownProvider(caller: Caller): string {
  if (!caller.serviceProviderId) throw forbidden();
  return caller.serviceProviderId;
}
function ownClinic(caller: Caller): string {
  if (!caller.clinicId) throw forbidden();
  return caller.clinicId;
}

const toListItem = (clinic: ClinicRecord): ClinicListItem => ({
  ClinicID: clinic.ClinicID,
  ClinicName: clinic.ClinicName,
  Location: clinic.ClinicAddress.Country,
  ActivePatientLinkedDeviceCount: clinic.ActivePatientLinkedDeviceCount ?? 0,
  ClinicExchangeCounter: clinic.ClinicExchangeCounter ?? 0,
  ClinicLastExchangeTime: clinic.ClinicLastExchangeTime,
  ServiceProviderID: clinic.ServiceProviderID,
  ServiceProviderName: clinic.ServiceProviderName,
  ClinicIsEnabled: clinic.ClinicIsEnabled,
  ClinicAdminFullName: clinic.ClinicAdmin ? `${clinic.ClinicAdmin.FirstName} ${clinic.ClinicAdmin.LastName}` : undefined,
});

const toList = (page: Page<ClinicRecord>) => ({ items: page.items.map(toListItem), cursor: page.cursor ?? undefined });

/** /clinics (LiberDiAdmin): every clinic, or with `spId` one provider's, by its index (no filter over all). */
export async function listAllClinics(page: PageRequest & { spId?: string }) {
  const { spId, ...request } = page;
  return toList(await (spId ? clinicsRepository.listByServiceProvider(spId, request) : clinicsRepository.listAll(request)));
}

/** /clinics (ServiceProviderAdmin): the own provider's clinics, one Query on its key. */
export async function listProviderClinics(caller: Caller, page: PageRequest) {
  return toList(await clinicsRepository.listByServiceProvider(ownProvider(caller), page));
}

/**
 * The settings in force for a clinic and where each value comes from (the clinic's own decision,
 * else its provider's, else the platform's, else the product's default), so screens can show both.
 */
export function sourcedSettings(levels: { clinic?: Partial<Settings>; serviceProvider?: Partial<Settings>; global?: Partial<Settings> }): SourcedSetting[] {
  const effective = effectiveSettings(levels.clinic, levels.serviceProvider, levels.global);
  const has = (level: Partial<Settings> | undefined, name: string) => {
    const value = (level as Record<string, unknown> | undefined)?.[name];
    return value !== undefined && value !== null;
  };
  return settingNames.map((name) => {
    const from: SettingSource = has(levels.clinic, name)
      ? 'clinic'
      : has(levels.serviceProvider, name)
        ? 'provider'
        : has(levels.global, name)
          ? 'global'
          : 'default';
    return { name, value: effective[name], from };
  });
}

async function answerOf(clinic: ClinicRecord): Promise<ClinicAnswer> {
  const levels = await settingsRepository.getChain(clinic.ClinicID, clinic.ServiceProviderID);
  const admin = clinic.ClinicAdmin;
  return {
    ClinicID: clinic.ClinicID,
    ClinicName: clinic.ClinicName,
    ClinicPhone: clinic.ClinicPhone,
    ClinicAddress: clinic.ClinicAddress,
    ClinicIsEnabled: clinic.ClinicIsEnabled,
    Email: clinic.Email,
    image: clinic.image ? await imageStore.downloadUrl(clinic.image) : undefined,
    serviceProvider: { ServiceProviderID: clinic.ServiceProviderID, ServiceProviderName: clinic.ServiceProviderName },
    ClinicAdmin: admin ? { FirstName: admin.FirstName, LastName: admin.LastName, Email: admin.Email } : undefined,
    ClinicAdminFullName: admin ? `${admin.FirstName} ${admin.LastName}` : undefined,
    ContactPersonFullName: clinic.ContactPersonFullName,
    ActivePatientLinkedDeviceCount: clinic.ActivePatientLinkedDeviceCount ?? 0,
    ClinicExchangeCounter: clinic.ClinicExchangeCounter ?? 0,
    ClinicLastExchangeTime: clinic.ClinicLastExchangeTime,
    Settings: sourcedSettings(levels),
  };
}

/** …/clinics/{id}/profile (LiberDiAdmin, read-only) and …/getClinicInfo/{id} (the provider's admin, own clinics only). */
export async function clinicProfile(caller: Caller, clinicId: string): Promise<ClinicAnswer> {
  return answerOf(inScope(caller, 'clinic', await clinicsRepository.get(clinicId)));
}

/** What an audit record of a clinic keeps: its profile fields (no counters). */
const auditedFields = ({ ClinicExchangeCounter, ClinicLastExchangeTime, ActivePatientLinkedDeviceCount, ...clinic }: ClinicRecord) => clinic;

/**
 * …/clinics/signup (ServiceProviderAdmin): a clinic of the own provider. The form starts from the
 * provider's settings in force; the clinic stores only the values that differ from them, so a
 * later change of its provider's or the global settings reaches it for everything it did not decide.
 */
export async function signupClinic(caller: Caller, audit: AuditTrail, input: ClinicSignup): Promise<ClinicAnswer> {
  const serviceProviderId = ownProvider(caller);
  const provider = await serviceProvidersRepository.get(serviceProviderId);
  if (!provider) throw notFound();
  const { Settings: entries, reCaptchaToken, ...fields } = input;
  const clinic: ClinicRecord = {
    ...fields,
    ClinicID: randomUUID(),
    ClinicIsEnabled: fields.ClinicIsEnabled ?? true,
    ServiceProviderID: serviceProviderId,
    ServiceProviderName: provider.ServiceProviderName,
    CreatedAt: new Date().toISOString(),
  };
  const own = entries ? await decidedByClinic(serviceProviderId, parseSettings(toSettingsObject(entries))) : {};
  const record = audit.write({
    entity: 'Clinic',
    id: clinic.ClinicID,
    after: { ...auditedFields(clinic), Settings: own },
    ClinicID: clinic.ClinicID,
    ServiceProviderID: serviceProviderId,
  });
  await clinicsRepository.create(clinic, own, record);
  return answerOf(clinic);
}

/** The values of `settings` that differ from what the provider's clinics get without deciding anything. */
export async function decidedByClinic(serviceProviderId: string, settings: Partial<Settings>): Promise<Partial<Settings>> {
  const [provider, global] = await Promise.all([settingsRepository.getForServiceProvider(serviceProviderId), settingsRepository.getGlobal()]);
  const inherited = effectiveSettings(provider, global);
  return Object.fromEntries(Object.entries(settings).filter(([name, value]) => inherited[name as keyof Settings] !== value));
}

/** The fields of `input` that differ from the clinic's. */
function changesTo(clinic: ClinicRecord, input: ClinicChanges): ClinicChanges {
  return Object.fromEntries(
    Object.entries(input).filter(([field, value]) => value !== undefined && !isDeepStrictEqual((clinic as unknown as Record<string, unknown>)[field], value)),
  );
}

async function applyChanges(caller: Caller, audit: AuditTrail, clinic: ClinicRecord, changes: ClinicChanges): Promise<ClinicRecord> {
  // Only a logo uploaded through this clinic's own link.
  if (changes.image !== undefined && !imageStore.isLogoOf('clinics', clinic.ClinicID, changes.image)) throw badRequest(messages.clinics.imageNotValid);
  const fields = Object.keys(changes) as Array<keyof ClinicChanges>;
  if (fields.length === 0) {
    // A save without a change (the form sent as it was): still recorded, as the route writes (an unrecorded write answers 500).
    await auditRepository.record([
      audit.write({ entity: 'Clinic', id: clinic.ClinicID, ClinicID: clinic.ClinicID, ServiceProviderID: clinic.ServiceProviderID }),
    ]);
    return clinic;
  }
  const record = audit.write({
    entity: 'Clinic',
    id: clinic.ClinicID,
    before: Object.fromEntries(fields.map((field) => [field, clinic[field]])),
    after: changes,
    ClinicID: clinic.ClinicID,
    ServiceProviderID: clinic.ServiceProviderID,
  });
  if ((await clinicsRepository.update(clinic, changes, record)) === 'changedMeanwhile') throw conflict(messages.patients.tryAgain);
  if (changes.image !== undefined) await imageStore.removeReplaced(clinic.image, changes.image);
  return { ...clinic, ...changes };
}

/**
 * …/updateClinicInfo/{id} (ServiceProviderAdmin, own clinics): the changed fields of the clinic
 * form, with the audit record in the same transaction. When the enabled flag is sent, the clinic's
 * users are brought in line with it: disabling marks them and ends their open sessions, enabling
 * clears the mark (setClinicUsersEnabled).
 */
export async function updateClinicInfo(caller: Caller, audit: AuditTrail, clinicId: string, input: ClinicUpdate) {
  const clinic = inScope(caller, 'clinic', await clinicsRepository.get(clinicId));
  const { reCaptchaToken, ...fields } = input;
  const changes = changesTo(clinic, fields);
  const updated = await applyChanges(caller, audit, clinic, changes);
  if (fields.ClinicIsEnabled !== undefined) await setClinicUsersEnabled(clinicId, fields.ClinicIsEnabled);
  return { ...(await answerOf(updated)), changed: Object.keys(changes) };
}

/**
 * Brings a clinic's users in line with its enabled flag: disabling marks each one (sign-in and
 * every call refuse them, functions/identity/may-sign-in.ts) and ends their open sessions; enabling
 * clears the mark, so each user is back to their own flag. Only users whose mark differs are
 * written, so sending the flag again repairs a toggle that was interrupted half-way. The devices
 * of the clinic are not touched: they keep reporting and their exchanges are kept.
 */
export async function setClinicUsersEnabled(clinicId: string, enabled: boolean): Promise<void> {
  const users = await allItems((page) => usersRepository.listByClinic(clinicId, page));
  for (const user of users.filter((candidate) => (candidate.ClinicDisabled === true) === enabled)) {
    await usersRepository.setClinicDisabled(user.UserID, !enabled);
    if (!enabled) await endAllSessions(user.UserID);
  }
}

/**
 * …/clinics/{id}/logoUpload: a link to upload the logo of an own clinic straight to storage, for
 * the chosen file's type and exact size, under a new key of that clinic.
 */
export async function clinicLogoUpload(caller: Caller, clinicId: string, input: LogoUpload) {
  const clinic = inScope(caller, 'clinic', await clinicsRepository.get(clinicId));
  return imageStore.logoLink('clinics', clinic.ClinicID, input);
}

/** …/logoUpload (ClinicAdmin): the upload link of the own clinic's logo, for the clinic admin profile. */
export async function myClinicLogoUpload(caller: Caller, input: LogoUpload) {
  return clinicLogoUpload(caller, ownClinic(caller), input);
}

/** The clinic admin's profile of the own clinic (spec section 3, Clinic admin profile). */
async function myClinicOf(clinic: ClinicRecord) {
  const answer = await answerOf(clinic);
  return {
    ClinicID: clinic.ClinicID,
    ClinicName: clinic.ClinicName,
    Email: clinic.Email,
    Phone: clinic.ClinicPhone,
    ClinicAddress: clinic.ClinicAddress,
    ServiceProviderName: clinic.ServiceProviderName,
    ContactPersonFullName: answer.ContactPersonFullName ?? answer.ClinicAdminFullName,
    image: answer.image,
    ClinicIsEnabled: clinic.ClinicIsEnabled,
    Settings: answer.Settings,
  };
}

/** …/getMyClinic (ClinicAdmin): the own clinic. */
export async function myClinic(caller: Caller) {
  return myClinicOf(inScope(caller, 'clinic', await clinicsRepository.get(ownClinic(caller))));
}

/** …/updateMyClinic (ClinicAdmin): the own clinic's profile; the provider's name and the enabled flag are not the clinic admin's to change. */
export async function updateMyClinic(caller: Caller, audit: AuditTrail, input: MyClinicUpdate) {
  const clinic = inScope(caller, 'clinic', await clinicsRepository.get(ownClinic(caller)));
  const { reCaptchaToken, Phone, ...fields } = input;
  const changes = changesTo(clinic, { ...fields, ClinicPhone: Phone });
  const updated = await applyChanges(caller, audit, clinic, changes);
  return { ...(await myClinicOf(updated)), changed: Object.keys(changes) };
}
