import type { UserRecord } from '../data/users-repository';

/**
 * Whether a user may sign in and call the API: their own flag, their clinic's and their service
 * provider's. A disabled clinic or provider marks its users (`ClinicDisabled`, `ProviderDisabled`)
 * when it is disabled, so this check reads nothing beyond the user's record, which every sign-in
 * step and every call reads anyway (docs/security.md, "Disabled clinics").
 */
export function maySignIn(user: Pick<UserRecord, 'IsEnabled' | 'ClinicDisabled' | 'ProviderDisabled'>): boolean {
  return user.IsEnabled && user.ClinicDisabled !== true && user.ProviderDisabled !== true;
}
