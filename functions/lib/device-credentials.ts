import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The local twin of IoT Core's certificate registry. On AWS a device proves who it is with its
 * thing's X.509 certificate; locally it connects with username = its serial number and password =
 * a secret issued for it. Only a hash of each secret is kept: the secret is 32 random bytes, so
 * SHA-256 is enough (nothing to guess), and comparisons are constant-time.
 */
export interface DeviceCredentials {
  /** Issues a new secret for the device (replacing any earlier one) and returns it; it is not kept. */
  issue(serialNumber: string): string;
  verify(serialNumber: string, secret: string | Buffer | undefined): boolean;
}

interface Entry {
  sha256: string;
  issuedAt: string;
}

const hashOf = (secret: string | Buffer) => createHash('sha256').update(secret).digest();

/**
 * Credentials kept in `file` (read on every check, so a secret issued by `npm run device-secret`
 * while the portal runs counts at once), or in memory only when no file is given (tests).
 */
export function deviceCredentials(file?: string): DeviceCredentials {
  let memory: Record<string, Entry> = {};
  const read = (): Record<string, Entry> => (file ? (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Entry>) : {}) : memory);
  const write = (entries: Record<string, Entry>) => {
    if (!file) {
      memory = entries;
      return;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(entries, null, 2), { mode: 0o600 });
    renameSync(temporary, file);
  };
  return {
    issue(serialNumber) {
      const secret = randomBytes(32).toString('base64url');
      write({ ...read(), [serialNumber]: { sha256: hashOf(secret).toString('hex'), issuedAt: new Date().toISOString() } });
      return secret;
    },
    verify(serialNumber, secret) {
      const entry = read()[serialNumber];
      if (!entry || secret === undefined) return false;
      return timingSafeEqual(hashOf(secret), Buffer.from(entry.sha256, 'hex'));
    },
  };
}
