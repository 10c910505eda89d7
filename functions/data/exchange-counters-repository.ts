import { db } from './entities';
import { complete } from './page';
import { COUNTER_SHARDS } from './entities/exchange-counter';
import { shardOf } from './entities/shards';

type ScopeKind = keyof typeof COUNTER_SHARDS;

/** The scopes whose exchanges are counted. */
export const counterScopes = {
  clinic: (clinicId: string) => `CLINIC#${clinicId}`,
  serviceProvider: (serviceProviderId: string) => `SP#${serviceProviderId}`,
  global: () => 'GLOBAL',
};

const kindOf = (scope: string): ScopeKind => (scope.startsWith('CLINIC#') ? 'clinic' : scope.startsWith('SP#') ? 'serviceProvider' : 'global');

/** How many shards a scope's count is spread over. */
export const shardsOf = (scope: string) => COUNTER_SHARDS[kindOf(scope)];

/** The shard of a scope an exchange of this patient counts in: one patient's exchanges always land on one shard. */
export const counterShardOf = (scope: string, patientId: string) => String(shardOf(patientId, shardsOf(scope)));

export interface ExchangeCount {
  ExchangeCount: number;
  LastExchangeTime?: string;
}

export const exchangeCountersRepository = {
  /** The exchange count and last exchange time of each scope: every shard, in BatchGetItems of 100 keys sent together. */
  async read(scopes: readonly string[]): Promise<Map<string, ExchangeCount>> {
    const keys = scopes.flatMap((Scope) => Array.from({ length: shardsOf(Scope) }, (_, shard) => ({ Scope, Shard: String(shard) })));
    const totals = new Map<string, ExchangeCount>(scopes.map((scope) => [scope, { ExchangeCount: 0 }]));
    if (keys.length === 0) return totals;
    const result = await db()
      .entities.exchangeCounter.get(keys)
      .go({ concurrent: Math.ceil(keys.length / 100) });
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
