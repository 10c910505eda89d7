import { createHash } from 'node:crypto';
import { deleteItem, getItem, isConditionFailure, putItem, queryPartition, updateItem } from './table';

/** A (account, source) pair's failed sign-ins are forgotten this long after the last one: longer than the longest wait, so waits stay at their cap. */
export const SIGN_IN_WINDOW_SECONDS = 60 * 60;
/** Failures from one source before it has to wait; each further failure doubles the wait. */
export const SIGN_IN_FREE_FAILURES = 3;
/** The longest wait one source is given between attempts on one account. */
export const SIGN_IN_MAX_DELAY_SECONDS = 15 * 60;
/** Attempts a pending step's token allows (a mistyped 2FA code may be retried) before it is spent. */
export const PENDING_STEP_MAX_ATTEMPTS = 3;

const keys = {
  revoked: (tokenId: string) => ({ pk: `REVOKED#${tokenId}`, sk: 'TOKEN' }),
  cutoff: (userId: string) => ({ pk: `SESSION#${userId}`, sk: 'CUTOFF' }),
  twoFactorSession: (userId: string, tokenId: string) => ({ pk: `SESSION#${userId}`, sk: `TOTP#${tokenId}` }),
  liveIdentity: (userId: string, identityId: string) => ({ pk: `SESSION#${userId}`, sk: `${LIVE_IDENTITY_PREFIX}${identityId}` }),
  refreshToken: (refreshToken: string) => ({ pk: `REFRESH#${sha256(refreshToken)}`, sk: 'TOKEN' }),
  pendingStep: (tokenId: string) => ({ pk: `PENDING#${tokenId}`, sk: 'STEP' }),
  signInFailures: (email: string, source: string) => ({ pk: `SIGNIN#${email.toLowerCase()}`, sk: `FROM#${source}` }),
};

const LIVE_IDENTITY_PREFIX = 'LIVE#';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** When a user's sessions were last ended: access tokens must be issued at or after `tokensValidFrom` (epoch seconds). */
export interface SessionCutoff {
  endedAtMs: number;
  tokensValidFrom: number;
}

/** On AWS: an identity-pool identity of the user's that was given its tenant's live IoT policy, and when. */
export interface LiveIdentityGrant {
  identityId: string;
  policyName: string;
  grantedAtMs: number;
}

interface FailureItem {
  Failures: number;
  LastFailureAt: number;
  expiresAt: number;
}

/** The wait after `failures` failures from one source: none for the first few, then 1 s, 2 s, 4 s … up to 15 minutes. */
export function signInDelaySeconds(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - SIGN_IN_FREE_FAILURES), SIGN_IN_MAX_DELAY_SECONDS);
}

export const sessionsRepository = {
  /** Marks an access token as signed out until it would have expired anyway (then TTL removes the mark). */
  async revoke(tokenId: string, expiresAt: number): Promise<void> {
    await putItem({ ...keys.revoked(tokenId), entity: 'RevokedToken', expiresAt });
  },

  async isRevoked(tokenId: string): Promise<boolean> {
    return (await getItem(keys.revoked(tokenId))) !== undefined;
  },

  /**
   * Ends every session of a user begun before now. Access tokens carry their issue time in whole
   * seconds, so they must have been issued at or after `tokensValidFrom`, the next second: a token
   * issued earlier in this very second ends too. Refresh tokens are ours to date (`recordRefreshToken`,
   * in milliseconds), so they compare with `endedAtMs`. The cut-off never moves backwards.
   */
  async endSessions(userId: string): Promise<SessionCutoff> {
    const endedAtMs = Date.now();
    const cutoff = { endedAtMs, tokensValidFrom: Math.floor(endedAtMs / 1000) + 1 };
    try {
      await updateItem(keys.cutoff(userId), {
        expression: 'SET EndedAtMs = :ms, TokensValidFrom = :s, entity = :entity',
        values: { ':ms': cutoff.endedAtMs, ':s': cutoff.tokensValidFrom, ':entity': 'SessionCutoff' },
        condition: 'attribute_not_exists(EndedAtMs) OR EndedAtMs < :ms',
      });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    return cutoff;
  },

  /** The user's session cut-off; none when their sessions were never ended. */
  async cutoff(userId: string): Promise<SessionCutoff> {
    const item = await getItem<{ EndedAtMs?: number; TokensValidFrom?: number }>(keys.cutoff(userId));
    return { endedAtMs: item?.EndedAtMs ?? 0, tokensValidFrom: item?.TokensValidFrom ?? 0 };
  },

  /**
   * Remembers whose a refresh token is and when it was issued (only a hash is kept), until it
   * expires; `twoFactor` when its session came through the TOTP step, so its refreshes do too.
   */
  async recordRefreshToken(refreshToken: string, userId: string, expiresAt: number, twoFactor = false): Promise<void> {
    await putItem({ ...keys.refreshToken(refreshToken), entity: 'RefreshToken', UserID: userId, IssuedAtMs: Date.now(), expiresAt, TwoFactor: twoFactor });
  },

  /** Marks a refresh token of the user as of a session that came through the TOTP step (its set-up); false when it is not the user's. */
  async markRefreshTokenTwoFactor(refreshToken: string, userId: string): Promise<boolean> {
    try {
      await updateItem(keys.refreshToken(refreshToken), {
        expression: 'SET TwoFactor = :yes',
        values: { ':yes': true, ':user': userId },
        condition: 'UserID = :user',
      });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  async refreshTokenIssue(refreshToken: string): Promise<{ userId: string; issuedAtMs: number; twoFactor: boolean } | undefined> {
    const item = await getItem<{ UserID: string; IssuedAtMs: number; expiresAt: number; TwoFactor?: boolean }>(keys.refreshToken(refreshToken));
    if (!item || item.expiresAt <= nowSeconds()) return undefined;
    return { userId: item.UserID, issuedAtMs: item.IssuedAtMs, twoFactor: item.TwoFactor === true };
  },

  /**
   * Marks an access token (its `jti`) as one whose session came through the TOTP step: the
   * 2FA answer, the TOTP set-up's first code, or a refresh of such a session. Until the token
   * expires (then TTL removes the mark).
   */
  async markTwoFactorSession(userId: string, tokenId: string, expiresAt: number): Promise<void> {
    await putItem({ ...keys.twoFactorSession(userId, tokenId), entity: 'TwoFactorSession', expiresAt });
  },

  async isTwoFactorSession(userId: string, tokenId: string): Promise<boolean> {
    const item = await getItem<{ expiresAt: number }>(keys.twoFactorSession(userId, tokenId));
    return item !== undefined && item.expiresAt > nowSeconds();
  },

  /**
   * Remembers that the user's identity-pool identity holds a live IoT policy (on AWS), so that the
   * end of the user's sessions can take it away (functions/auth/live-sessions-ended.ts). Written
   * before the policy is attached: an end of sessions that misses the record misses the grant too.
   */
  async recordLiveIdentity(userId: string, grant: LiveIdentityGrant): Promise<void> {
    await putItem({
      ...keys.liveIdentity(userId, grant.identityId),
      entity: 'LiveIdentity',
      IdentityID: grant.identityId,
      PolicyName: grant.policyName,
      GrantedAtMs: grant.grantedAtMs,
    });
  },

  async liveIdentities(userId: string): Promise<LiveIdentityGrant[]> {
    const items = await queryPartition<{ IdentityID: string; PolicyName: string; GrantedAtMs: number }>(`SESSION#${userId}`, LIVE_IDENTITY_PREFIX);
    return items.map((item) => ({ identityId: item.IdentityID, policyName: item.PolicyName, grantedAtMs: item.GrantedAtMs }));
  },

  /**
   * Forgets an identity's grant made before `endedAtMs`. When a grant made since has replaced it
   * (a sign-in right after the end), the record stays and that newer grant is returned.
   */
  async forgetLiveIdentity(userId: string, identityId: string, endedAtMs: number): Promise<LiveIdentityGrant | undefined> {
    const key = keys.liveIdentity(userId, identityId);
    try {
      await deleteItem(key, { expression: 'attribute_not_exists(GrantedAtMs) OR GrantedAtMs < :ended', values: { ':ended': endedAtMs } });
      return undefined;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const item = await getItem<{ PolicyName: string; GrantedAtMs: number }>(key);
      return item && { identityId, policyName: item.PolicyName, grantedAtMs: item.GrantedAtMs };
    }
  },

  /**
   * Counts one attempt with a pending step's token; false when the token is spent (used, or out
   * of attempts). The marker expires with the token.
   */
  async attemptPendingStep(tokenId: string, expiresAt: number): Promise<boolean> {
    try {
      await updateItem(keys.pendingStep(tokenId), {
        expression: 'ADD Attempts :one SET expiresAt = :expires, entity = :entity',
        values: { ':one': 1, ':max': PENDING_STEP_MAX_ATTEMPTS, ':expires': expiresAt, ':entity': 'PendingStep' },
        condition: 'attribute_not_exists(UsedAt) AND (attribute_not_exists(Attempts) OR Attempts < :max)',
      });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  /** Spends a pending step's token for good; false when another request already spent it. */
  async completePendingStep(tokenId: string): Promise<boolean> {
    try {
      await updateItem(keys.pendingStep(tokenId), {
        expression: 'SET UsedAt = :now',
        values: { ':now': nowSeconds() },
        condition: 'attribute_exists(pk) AND attribute_not_exists(UsedAt)',
      });
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  /** Seconds this source must still wait before trying this account again; 0 when it may try now. */
  async signInWaitSeconds(email: string, source: string): Promise<number> {
    const item = await getItem<FailureItem>(keys.signInFailures(email, source));
    const now = nowSeconds();
    if (!item || item.expiresAt <= now) return 0;
    return Math.max(0, item.LastFailureAt + signInDelaySeconds(item.Failures) - now);
  },

  /** Counts a failed sign-in of this source on this account; the count is forgotten a window after the last failure. */
  async recordSignInFailure(email: string, source: string): Promise<void> {
    const now = nowSeconds();
    const key = keys.signInFailures(email, source);
    try {
      await updateItem(key, {
        expression: 'ADD Failures :one SET LastFailureAt = :now, expiresAt = :expires, entity = :entity',
        values: { ':one': 1, ':now': now, ':expires': now + SIGN_IN_WINDOW_SECONDS, ':entity': 'SignInFailures' },
        condition: 'attribute_not_exists(expiresAt) OR expiresAt > :now',
      });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // The old window is over but TTL has not removed it yet: start a new one.
      await putItem({ ...key, entity: 'SignInFailures', Failures: 1, LastFailureAt: now, expiresAt: now + SIGN_IN_WINDOW_SECONDS });
    }
  },

  /** A successful sign-in from a source forgets that source's failures (others' stay theirs). */
  async clearSignInFailures(email: string, source: string): Promise<void> {
    await putItem({ ...keys.signInFailures(email, source), entity: 'SignInFailures', Failures: 0, LastFailureAt: 0, expiresAt: nowSeconds() + 1 });
  },
};
