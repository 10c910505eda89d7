import { db } from './entities';
import { complete } from './page';
import { COUNTER_SHARDS } from './entities/exchange-counter';
import { shardOf } from './entities/shards';

/** The scopes whose exchanges are counted. */
export const counterScopes = {
  clinic: (clinicId: string) => `CLINIC#${clinicId}`,
  serviceProvider: (serviceProviderId: string) => `SP#${serviceProviderId}`,
  global: () => 'GLOBAL',
};

/** The shard an exchange of this patient counts in: one patient's exchanges always land on one shard. */
export const counterShardOf = (patientId: string) => String(shardOf(patientId, COUNTER_SHARDS));

export interface ExchangeCount {
  ExchangeCount: number;
  LastExchangeTime?: string;
}

export const exchangeCountersRepository = {
  /** The exchange count and last exchange time of each scope: every shard in one BatchGetItem per 100 keys. */
  async read(scopes: readonly string[]): Promise<Map<string, ExchangeCount>> {
    const keys = scopes.flatMap((Scope) => Array.from({ length: COUNTER_SHARDS }, (_, shard) => ({ Scope, Shard: String(shard) })));
    const totals = new Map<string, ExchangeCount>(scopes.map((scope) => [scope, { ExchangeCount: 0 }]));
    if (keys.length === 0) return totals;
    const result = await db().entities.exchangeCounter.get(keys).go();
    complete(result);
    const { data } = result;
    for (const shard of data) {
      const total = totals.get(shard.Scope)!;
      total.ExchangeCount += shard.ExchangeCount ?? 0;
      if (shard.LastExchangeTime && (!total.LastExchangeTime || shard.LastExchangeTime > total.LastExchangeTime))
        total.LastExchangeTime = shard.LastExchangeTime;
    }
    return totals;
  },
};
