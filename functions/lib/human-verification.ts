import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createHmac, timingSafeEqual } from 'node:crypto';
import createHttpError from 'http-errors';
import * as messages from '@shared/messages';
import { env } from './environment';

/** The outcome of checking a human-verification token; each failure has its spec message. */
export type VerificationOutcome = 'ok' | 'missing' | 'expired' | 'failed';

export interface HumanVerifier {
  verify(token: string | undefined, remoteIp?: string): Promise<VerificationOutcome>;
}

/** Tokens older than this are expired, as reCAPTCHA's own are after two minutes. */
const TOKEN_LIFETIME_MS = 2 * 60 * 1000;

/**
 * The local verifier: the local server hands out `<issuedAtMs>.<hmac>` tokens from
 * /local/human-verification/token, signed with LOCAL_VERIFIER_SECRET; this checks them as
 * reCAPTCHA's siteverify would (a bad signature fails, an old token has expired).
 */
export function localVerifier(secret: string, now = () => Date.now()): HumanVerifier {
  return {
    async verify(token) {
      if (!token) return 'missing';
      const [issuedAt, signature] = token.split('.');
      if (!issuedAt || !signature || !/^\d+$/.test(issuedAt)) return 'failed';
      const expected = signLocalToken(secret, issuedAt);
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'failed';
      return now() - Number(issuedAt) > TOKEN_LIFETIME_MS ? 'expired' : 'ok';
    },
  };
}

function signLocalToken(secret: string, issuedAt: string): Buffer {
  return Buffer.from(createHmac('sha256', secret).update(issuedAt).digest('base64url'));
}

export function issueLocalToken(secret: string, issuedAt = Date.now()): string {
  return `${issuedAt}.${signLocalToken(secret, String(issuedAt)).toString()}`;
}

/** reCAPTCHA on AWS: the secret from Secrets Manager (read once per container), checked with siteverify. */
export function recaptchaVerifier(secretArn: string): HumanVerifier {
  let secret: Promise<string> | undefined;
  return {
    async verify(token, remoteIp) {
      if (!token) return 'missing';
      secret ??= new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretArn })).then((result) => result.SecretString ?? '');
      const body = new URLSearchParams({ secret: await secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
      const response = await fetch('https://www.google.com/recaptcha/api/siteverify', { method: 'POST', body });
      const result = (await response.json()) as { success: boolean; 'error-codes'?: string[] };
      if (result.success) return 'ok';
      return result['error-codes']?.includes('timeout-or-duplicate') ? 'expired' : 'failed';
    },
  };
}

let configured: HumanVerifier | undefined;

/** The verifier the configuration names: HUMAN_VERIFICATION=recaptcha (with RECAPTCHA_SECRET_ARN) or local. */
export function humanVerifier(): HumanVerifier {
  if (!configured) {
    configured = env('HUMAN_VERIFICATION') === 'recaptcha' ? recaptchaVerifier(env('RECAPTCHA_SECRET_ARN')) : localVerifier(env('LOCAL_VERIFIER_SECRET'));
  }
  return configured;
}

/** Throws the spec's message unless the token verifies. */
export async function requireHuman(token: string | undefined, remoteIp?: string): Promise<void> {
  const outcome = await humanVerifier().verify(token, remoteIp);
  if (outcome === 'missing') throw createHttpError(400, messages.session.captchaBlocked);
  if (outcome === 'expired') throw createHttpError(400, messages.session.captchaExpired);
  if (outcome === 'failed') throw createHttpError(400, messages.session.captchaError);
}
