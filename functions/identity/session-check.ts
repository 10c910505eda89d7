import createHttpError from 'http-errors';
import { requiresTwoFactorSetup, sessionNotices, TWO_FACTOR_REQUIRED_ROLES } from '@shared/api/session';
import type { RouteDefinition } from '@shared/api/route-definition';
import { sessionsRepository } from '../data/sessions-repository';
import type { UserRecord } from '../data/users-repository';
import type { Role } from '@shared/roles';
import * as messages from '@shared/messages';

/**
 * The calls a user who must set up two-factor sign-in may make before they have: getSession,
 * setupTotp, verifyTotp and signOut, known by their handler modules (each is its route's alone).
 * Not the route objects: importing the route table here would put every area's routes and
 * schemas into every Lambda (docs/lambda-bundles.md); test/functions/identity/session-check.test.ts
 * holds this list to those routes.
 */
export const TWO_FACTOR_SETUP_HANDLERS: ReadonlySet<string> = new Set(['auth/get-session', 'auth/setup-totp', 'auth/verify-totp', 'auth/sign-out']);

/**
 * Whether the verified token's session has ended: it was signed out (its `jti`), or it was issued
 * before the user's sessions were all ended (sign-out, password change, recovery, disable, role
 * change). Token times are whole seconds (`iat`); see sessionsRepository.endSessions.
 */
export async function isSessionEnded(userId: string, claims: Record<string, unknown>): Promise<boolean> {
  // Cognito's tokens always carry iat; one without it counts as issued at 0 (ended once any cut-off exists).
  const issuedAt = claims.iat === undefined ? 0 : Number(claims.iat);
  if (!Number.isFinite(issuedAt)) return true;
  const tokenId = claims.jti;
  const [revoked, cutoff] = await Promise.all([typeof tokenId === 'string' ? sessionsRepository.isRevoked(tokenId) : false, sessionsRepository.cutoff(userId)]);
  return revoked || issuedAt < cutoff.tokensValidFrom;
}

/** Refuses every call but the set-up ones to an administrator who must use two-factor sign-in and has not set it up. */
export function requireTwoFactorSetUp(route: RouteDefinition, user: Pick<UserRecord, 'Role' | 'TwoFactorEnabled'>): void {
  if (TWO_FACTOR_SETUP_HANDLERS.has(route.handler)) return;
  if (requiresTwoFactorSetup({ Role: user.Role, TwoFactorEnabled: user.TwoFactorEnabled === true })) {
    throw createHttpError(403, sessionNotices.twoFactorSetupRequired);
  }
}

/**
 * For the roles that must use TOTP: whether this token's session came through the TOTP step (the
 * 2FA answer, the set-up's first code, or a refresh of either), which the sign-in marked by the
 * token's `jti`. Read in parallel with the session's other checks; true for the other roles.
 */
export async function isTwoFactorSession(role: Role, userId: string, claims: Record<string, unknown>): Promise<boolean> {
  if (!TWO_FACTOR_REQUIRED_ROLES.includes(role)) return true;
  return typeof claims.jti === 'string' && sessionsRepository.isTwoFactorSession(userId, claims.jti);
}

/**
 * An administrator who must use TOTP and has it on is served only by a session that came through
 * the TOTP step: a token got with the password alone (TOTP switched off at Cognito directly, then
 * a direct sign-in) is refused on every call but sign-out.
 */
export function requireTwoFactorSession(route: RouteDefinition, user: Pick<UserRecord, 'Role' | 'TwoFactorEnabled'>, twoFactorSession: boolean): void {
  if (twoFactorSession || route.handler === 'auth/sign-out') return;
  if (TWO_FACTOR_REQUIRED_ROLES.includes(user.Role) && user.TwoFactorEnabled === true) {
    throw createHttpError(401, messages.session.authenticationError);
  }
}
