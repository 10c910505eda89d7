import createHttpError from 'http-errors';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import * as messages from '@shared/messages';
import { sessionsRepository } from '../data/sessions-repository';
import { pendingTokenKey } from '../lib/signing-key';

/** The sign-in steps a pending token opens: the 2FA code, or the create-password step. */
export type PendingStep = 'twoFactor' | 'newPassword';

/** A pending token lives no longer than Cognito's own challenge session (3 minutes by default) plus typing time. */
export const PENDING_TOKEN_LIFETIME_SECONDS = 5 * 60;

/**
 * The temporary session of a pending step: Cognito's challenge session (which Cognito verifies)
 * with the user it belongs to, the step it opens, when it expires and its own id for single use.
 */
export interface PendingSession {
  step: PendingStep;
  session: string;
  username: string;
  userId: string;
  /** Epoch seconds. */
  exp: number;
  jti: string;
}

const VERSION = 'p1';

const signature = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${VERSION}.${payload}`).digest();

/** Signs a pending step's session (HMAC-SHA256): `p1.<payload>.<mac>`, both base64url. */
export async function issuePendingToken(pending: Omit<PendingSession, 'exp' | 'jti'>, now = Date.now()): Promise<string> {
  const claims: PendingSession = { ...pending, exp: Math.floor(now / 1000) + PENDING_TOKEN_LIFETIME_SECONDS, jti: randomUUID() };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${VERSION}.${payload}.${signature(await pendingTokenKey(), payload).toString('base64url')}`;
}

const refused = () => createHttpError(401, messages.session.authenticationError);

/**
 * Reads a pending token for `step`: a bad signature, another step, an expired token or a token
 * already spent (used, or out of attempts) is refused with 'authentication error'. Each call
 * counts one attempt; `completePendingStep` spends the token once the step has succeeded.
 */
export async function openPendingToken(token: string | undefined, step: PendingStep): Promise<PendingSession> {
  const [version, payload, mac, ...rest] = (token ?? '').split('.');
  if (version !== VERSION || !payload || !mac || rest.length > 0) throw refused();
  const expected = signature(await pendingTokenKey(), payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  let claims: PendingSession;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PendingSession;
  } catch {
    throw refused();
  }
  const wellFormed =
    typeof claims.session === 'string' &&
    typeof claims.username === 'string' &&
    typeof claims.userId === 'string' &&
    typeof claims.jti === 'string' &&
    Number.isInteger(claims.exp);
  if (!wellFormed || claims.step !== step || claims.exp <= Math.floor(Date.now() / 1000)) throw refused();
  if (!(await sessionsRepository.attemptPendingStep(claims.jti, claims.exp))) throw refused();
  return claims;
}

/** Spends a pending token after its step succeeded; a second success with the same token is refused. */
export async function completePendingStep(pending: PendingSession): Promise<void> {
  if (!(await sessionsRepository.completePendingStep(pending.jti))) throw refused();
}
