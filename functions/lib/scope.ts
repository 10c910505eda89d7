import type { Caller } from './caller';
import { notFound } from './errors';

/**
 * Tenant scope (DESIGN.md section 4, layer 3), in one place: may this caller touch this provider,
 * clinic, user, patient or device? Each answer is decided from keys the service already read, so
 * scoping costs no extra read. Services call `inScope` and answer 404 when the target is out of
 * reach, so another tenant's ids cannot be probed.
 */

/** The tenant keys of a service provider, a clinic, a user, a patient or a device. */
export interface ProviderKeys {
  ServiceProviderID: string;
}
export interface ClinicKeys {
  ClinicID: string;
  ServiceProviderID: string;
}
export interface UserKeys {
  UserID: string;
  ServiceProviderID?: string;
  ClinicID?: string;
}
export interface PatientKeys {
  ClinicID_ref: string;
  ServiceProviderID: string;
  DoctorID_ref: string;
}
export interface DeviceKeys {
  ServiceProviderID: string;
  ClinicID?: string;
}

/** The keys each kind of target carries. */
export interface ScopeKeys {
  provider: ProviderKeys;
  clinic: ClinicKeys;
  user: UserKeys;
  patient: PatientKeys;
  device: DeviceKeys;
}
export type ScopeKind = keyof ScopeKeys;

export type ScopeTarget = { [K in ScopeKind]: { kind: K; keys: ScopeKeys[K] } }[ScopeKind];

const sameProvider = (caller: Caller, serviceProviderId: string | undefined) =>
  caller.serviceProviderId !== undefined && caller.serviceProviderId === serviceProviderId;
const sameClinic = (caller: Caller, clinicId: string | undefined) => caller.clinicId !== undefined && caller.clinicId === clinicId;

/**
 * Spec section 6: LiberDiAdmin reaches everything; ServiceProviderAdmin its provider and all under
 * it; ClinicAdmin its clinic, that clinic's users and devices, and its provider's name; the clinic's
 * staff their clinic, its patients and users, and the devices of the clinic or of the provider's
 * unplaced pool (DESIGN.md section 10). A doctor may open every patient of the clinic, as the spec says.
 */
export function mayTouch(caller: Caller, target: ScopeTarget): boolean {
  if (caller.role === 'LiberDiAdmin') return true;
  if (caller.role === 'ServiceProviderAdmin') {
    return sameProvider(caller, target.keys.ServiceProviderID);
  }
  switch (target.kind) {
    case 'provider':
      return sameProvider(caller, target.keys.ServiceProviderID);
    case 'clinic':
      return sameClinic(caller, target.keys.ClinicID);
    case 'user':
      return target.keys.UserID === caller.userId || sameClinic(caller, target.keys.ClinicID);
    case 'patient':
      return caller.role !== 'ClinicAdmin' && sameClinic(caller, target.keys.ClinicID_ref);
    case 'device':
      if (target.keys.ClinicID !== undefined || caller.role === 'ClinicAdmin') return sameClinic(caller, target.keys.ClinicID);
      return sameProvider(caller, target.keys.ServiceProviderID);
  }
}

/**
 * Returns the item when the caller may touch it; otherwise (or when it does not exist) throws the
 * 404 the spec gives for an unknown id, so out-of-scope and absent look the same.
 */
export function inScope<K extends ScopeKind, T extends ScopeKeys[K]>(caller: Caller, kind: K, item: T | undefined): T {
  if (item === undefined || !mayTouch(caller, { kind, keys: item } as ScopeTarget)) throw notFound();
  return item;
}
