/** Exchange counters are spread over this many partitions; a scope's count is the sum of its shards. */
export const COUNTER_SHARDS = 16;

/**
 * One shard of the exchange counters of a scope (a clinic, a provider, the platform): an exchange
 * adds 1 to one shard of each, picked by its patient, so no counter item takes every exchange of
 * a provider or of the platform. Reads sum the shards (one BatchGet) and take the latest time.
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
