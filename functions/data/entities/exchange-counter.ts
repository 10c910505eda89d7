/**
 * Exchange counters are spread over shards, a scope's count the sum of its shards: two exchanges
 * adding to one shard at once make one of them lose the race and be sent again, so the busier the
 * scope, the more shards (docs/data-model.md, "Transaction conflicts").
 */
export const COUNTER_SHARDS = { clinic: 16, serviceProvider: 32, global: 128 } as const;

/**
 * One shard of the exchange counters of a scope (a clinic, a provider, the platform): an exchange
 * adds 1 to one shard of each, picked by its patient, so no counter item takes every exchange of
 * a provider or of the platform, and one patient's exchanges (taken in order) never race each
 * other. Reads sum the shards (BatchGets) and take the latest time.
 */
export const exchangeCounterSchema = {
  model: { entity: 'ExchangeCounter', version: '2', service: 'pd' },
  attributes: {
    /** `CLINIC#<id>`, `SP#<id>` or `GLOBAL`. */
    Scope: { type: 'string', required: true, readOnly: true },
    Shard: { type: 'string', required: true, readOnly: true },
    ExchangeCount: { type: 'number' },
    LastExchangeTime: { type: 'string' },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['Scope', 'Shard'], template: 'COUNTER#${Scope}#${Shard}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'EXCHANGES', casing: 'none' },
    },
  },
} as const;
