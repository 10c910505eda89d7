import { createHmac, timingSafeEqual } from 'node:crypto';
import { pendingTokenKey } from './signing-key';

/**
 * The portal's word to Cognito that a password sign-in came through its own steps (human check and
 * per-source waits): `<expiry>.<HMAC-SHA256 of user name and expiry>`, keyed with the pending-token
 * key, sent in InitiateAuth's ClientMetadata to the pre-authentication trigger, which refuses a
 * sign-in without it. Only the Lambda and Cognito ever see it.
 */
export const HUMAN_PROOF_KEY = 'humanProof';

/** Long enough for the sign-in's own calls to Cognito (a recovery sets a password first), short enough to be useless later. */
export const HUMAN_PROOF_LIFETIME_SECONDS = 60;

const VERSION = 'h1';

const normalName = (username: string) => username.trim().toLowerCase();

const mac = (key: Buffer, username: string, expiresAt: number) =>
  createHmac('sha256', key)
    .update(`${VERSION}.${normalName(username)}.${expiresAt}`)
    .digest('base64url');

/** The proof for a password sign-in of `username` (the e-mail address the sign-in sends). */
export async function humanProof(username: string, now = Date.now()): Promise<string> {
  const expiresAt = Math.floor(now / 1000) + HUMAN_PROOF_LIFETIME_SECONDS;
  return `${expiresAt}.${mac(await pendingTokenKey(), username, expiresAt)}`;
}

/** Whether `proof` is the portal's, for this user name, and unexpired. */
export async function isHumanProof(proof: string | undefined, username: string | undefined, now = Date.now()): Promise<boolean> {
  const [expiry, given, ...rest] = (proof ?? '').split('.');
  const expiresAt = Number(expiry);
  if (!username || !given || rest.length > 0 || !Number.isInteger(expiresAt) || expiresAt <= Math.floor(now / 1000)) return false;
  const expected = Buffer.from(mac(await pendingTokenKey(), username, expiresAt));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
