import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { config } from '../lib/config';
import { getItem, putItem } from './table';

/** Failed sign-ins within this window count towards a lock. */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** This many failures in the window lock the account for the rest of the window. */
export const SIGN_IN_MAX_FAILURES = 5;

const keys = {
  revoked: (tokenId: string) => ({ pk: `REVOKED#${tokenId}`, sk: 'TOKEN' }),
  signInFailures: (email: string) => ({ pk: `SIGNIN#${email.toLowerCase()}`, sk: 'FAILURES' }),
};

interface FailureItem {
  Failures: number;
  expiresAt: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export const sessionsRepository = {
  /** Marks an access token as signed out until it would have expired anyway (then TTL removes the mark). */
  async revoke(tokenId: string, expiresAt: number): Promise<void> {
    await putItem({ ...keys.revoked(tokenId), entity: 'RevokedToken', expiresAt });
  },

  async isRevoked(tokenId: string): Promise<boolean> {
    return (await getItem(keys.revoked(tokenId))) !== undefined;
  },

  /** Whether the e-mail has too many recent failed sign-ins. Expired windows count as none (TTL may lag). */
  async isSignInLocked(email: string): Promise<boolean> {
    const item = await getItem<FailureItem>(keys.signInFailures(email));
    return !!item && item.expiresAt > nowSeconds() && item.Failures >= SIGN_IN_MAX_FAILURES;
  },

  /** Counts a failed sign-in; the window starts at the first failure and expires on its own. */
  async recordSignInFailure(email: string): Promise<void> {
    const now = nowSeconds();
    const key = keys.signInFailures(email);
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: key,
          UpdateExpression: 'ADD Failures :one SET expiresAt = if_not_exists(expiresAt, :expires), entity = :entity',
          ConditionExpression: 'attribute_not_exists(expiresAt) OR expiresAt > :now',
          ExpressionAttributeValues: { ':one': 1, ':expires': now + SIGN_IN_WINDOW_SECONDS, ':now': now, ':entity': 'SignInFailures' },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      // The old window is over but TTL has not removed it yet: start a new one.
      await putItem({ ...key, entity: 'SignInFailures', Failures: 1, expiresAt: now + SIGN_IN_WINDOW_SECONDS });
    }
  },

  async clearSignInFailures(email: string): Promise<void> {
    await putItem({ ...keys.signInFailures(email), entity: 'SignInFailures', Failures: 0, expiresAt: nowSeconds() + 1 });
  },
};
