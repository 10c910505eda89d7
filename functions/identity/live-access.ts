import { requiresTwoFactorSetup } from '@shared/api/session';
import { liveTopicFilterFor } from '@shared/live';
import { effectiveRole } from '@shared/roles';
import { usersRepository } from '../data/users-repository';
import { parseListClaim } from '../lib/caller';
import { maySignIn } from './may-sign-in';
import { isSessionEnded, isTwoFactorSession } from './session-check';

/**
 * The topic filter of the live screens' notices a verified session token may subscribe to, or
 * undefined for none. The same checks as every API call (DESIGN.md section 4): the user exists and
 * may sign in, the session has not ended, an administrator has set up two-factor sign-in; the
 * tenant is the user record's, never the token's. The session's reads, in parallel (the user, the
 * cut-off, an administrator's TOTP mark).
 */
export async function liveTopicFilterForToken(claims: Record<string, unknown>): Promise<string | undefined> {
  const userId = claims.sub;
  const role = effectiveRole(parseListClaim(claims['cognito:groups']));
  if (typeof userId !== 'string' || !userId || !role) return undefined;
  const [user, ended, twoFactorSession] = await Promise.all([
    usersRepository.get(userId),
    isSessionEnded(userId, claims),
    isTwoFactorSession(role, userId, claims),
  ]);
  if (!user || !maySignIn(user) || ended) return undefined;
  if (requiresTwoFactorSetup({ Role: role, TwoFactorEnabled: user.TwoFactorEnabled === true })) return undefined;
  if (user.TwoFactorEnabled && !twoFactorSession) return undefined; // an administrator's session that skipped the TOTP step
  return liveTopicFilterFor({ Role: role, ClinicID: user.ClinicID, ServiceProviderID: user.ServiceProviderID });
}
