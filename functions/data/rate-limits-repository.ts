import { isConditionFailure, updateItem } from './table';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Fixed-window counters: at most `limit` takes per key and window, forgotten by TTL afterwards. */
export const rateLimits = {
  /** Takes one from the key's allowance in the current window; false when it is used up (nothing is counted then). */
  async take(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const now = nowSeconds();
    const windowStart = now - (now % windowSeconds);
    try {
      await updateItem(
        { pk: `RATE#${key}`, sk: `WINDOW#${windowStart}` },
        {
          expression: 'ADD Taken :one SET expiresAt = :expires, entity = :entity',
          values: { ':one': 1, ':limit': limit, ':expires': windowStart + windowSeconds, ':entity': 'RateLimit' },
          condition: 'attribute_not_exists(Taken) OR Taken < :limit',
        },
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
