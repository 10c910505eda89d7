import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { optionalEnv } from './environment';

/** A key shorter than this is refused: HMAC-SHA256 wants at least 32 bytes of secret. */
const MIN_KEY_BYTES = 32;

let cached: Promise<Buffer> | undefined;

/**
 * The key that signs the pending sign-in steps' tokens. On AWS a Secrets Manager secret
 * (PENDING_TOKEN_KEY_ARN, read once per container); locally a key file in the data folder
 * (PENDING_TOKEN_KEY_FILE), made with random bytes on first use. Neither set is an error: the
 * pending token is never left unsigned.
 */
export function pendingTokenKey(): Promise<Buffer> {
  cached ??= loadKey().catch((error: unknown) => {
    cached = undefined; // a failed read (e.g. a throttled Secrets Manager) is retried on the next call
    throw error;
  });
  return cached;
}

async function loadKey(): Promise<Buffer> {
  const arn = optionalEnv('PENDING_TOKEN_KEY_ARN');
  const file = optionalEnv('PENDING_TOKEN_KEY_FILE');
  let key: Buffer;
  if (arn) {
    const secret = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
    key = Buffer.from(secret.SecretString ?? '', 'utf8');
  } else if (file) {
    key = readOrCreateKeyFile(file);
  } else {
    throw new Error('PENDING_TOKEN_KEY_ARN or PENDING_TOKEN_KEY_FILE must be set; pending tokens are never unsigned');
  }
  if (key.length < MIN_KEY_BYTES) throw new Error(`the pending-token key must have at least ${MIN_KEY_BYTES} bytes`);
  return key;
}

function readOrCreateKeyFile(file: string): Buffer {
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting at once keep whichever key was written first.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/** Forgets the cached key (tests switch between the file and Secrets Manager). */
export function forgetPendingTokenKey(): void {
  cached = undefined;
}
