import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { timingSafeEqual } from 'node:crypto';

/** The header CloudFront adds to every request it forwards to the API (docs/security.md, "The cloud edge"). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** How long a container keeps the secret's values: a rotation reaches every container within this. */
const CACHE_MS = 5 * 60 * 1000;

let cached: { secretId: string; values: string[]; until: number } | undefined;

/** The current and the previous value: a request CloudFront sent before a rotation still passes. */
async function acceptedValues(secretId: string, client: SecretsManagerClient): Promise<string[]> {
  if (cached && cached.secretId === secretId && cached.until > Date.now()) return cached.values;
  const read = async (VersionStage: string) => {
    try {
      return (await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage }))).SecretString;
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException') return undefined; // no previous version yet
      throw error;
    }
  };
  const values = (await Promise.all([read('AWSCURRENT'), read('AWSPREVIOUS')])).filter((value): value is string => !!value);
  cached = { secretId, values, until: Date.now() + CACHE_MS };
  return values;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether the request carries CloudFront's origin-verify header with a value of the secret. */
export async function isFromCloudFront(
  headers: Record<string, string | undefined> | undefined,
  secretId: string,
  client: SecretsManagerClient,
): Promise<boolean> {
  const presented = headers?.[ORIGIN_VERIFY_HEADER];
  if (!presented) return false;
  return (await acceptedValues(secretId, client)).some((value) => sameText(value, presented));
}

/** Forgets the cached values (tests). */
export function forgetCachedValues(): void {
  cached = undefined;
}
