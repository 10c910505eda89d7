import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { dynamo } from '../lib/aws-clients';
import { config } from '../lib/config';
import { getItem, isConditionFailure, putItem } from './table';

/** A mailed recovery password works this long, once. */
export const RECOVERY_PASSWORD_LIFETIME_SECONDS = 60 * 60;

/** scrypt's cost: N=2^14, r=8, OWASP's floor for scrypt (128·N·r = 16 MB a check, within maxmem). */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const HASH_BYTES = 32;

const keys = {
  recoveryPassword: (userId: string) => ({ pk: `RECOVERY#${userId}`, sk: 'PASSWORD' }),
};

interface RecoveryItem {
  Salt: string;
  Hash: string;
  expiresAt: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function scryptHash(password: BinaryLike, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, HASH_BYTES, SCRYPT, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The one-time passwords password recovery mails. Only a salted scrypt hash is kept, beside the
 * user's Cognito password (which keeps working), until it is used or an hour has passed.
 */
export const recoveryRepository = {
  /** Keeps the hash of a newly mailed password; it replaces any earlier one of the user. */
  async save(userId: string, password: string): Promise<void> {
    const salt = randomBytes(16);
    const hash = await scryptHash(password, salt);
    await putItem({
      ...keys.recoveryPassword(userId),
      entity: 'RecoveryPassword',
      Salt: salt.toString('base64'),
      Hash: hash.toString('base64'),
      CreatedAt: new Date().toISOString(),
      expiresAt: nowSeconds() + RECOVERY_PASSWORD_LIFETIME_SECONDS,
    });
  },

  /**
   * Uses the mailed password: true when `password` is the user's unexpired mailed password, which
   * is then gone (a second use, even at the same time, gets false).
   */
  async use(userId: string, password: string): Promise<boolean> {
    const item = await getItem<RecoveryItem>(keys.recoveryPassword(userId));
    if (!item || item.expiresAt <= nowSeconds()) return false;
    const expected = Buffer.from(item.Hash, 'base64');
    const given = await scryptHash(password, Buffer.from(item.Salt, 'base64'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    try {
      await dynamo().send(
        new DeleteCommand({
          TableName: config.tableName,
          Key: keys.recoveryPassword(userId),
          ConditionExpression: '#hash = :hash',
          ExpressionAttributeNames: { '#hash': 'Hash' },
          ExpressionAttributeValues: { ':hash': item.Hash },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
