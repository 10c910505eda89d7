import type { UserRecord } from '../data/users-repository';

/**
 * Whether a user may sign in and call the API: their own flag and their clinic's. A disabled
 * clinic marks its users (`ClinicDisabled`) when it is disabled, so this check reads nothing beyond
 * the user's record, which every sign-in step and every call reads anyway (docs/security.md,
 * "Disabled clinics"). A disabled provider's flag belongs here too, the same way.
 */
export function maySignIn(user: Pick<UserRecord, 'IsEnabled' | 'ClinicDisabled'>): boolean {
  return user.IsEnabled && user.ClinicDisabled !== true;
}
