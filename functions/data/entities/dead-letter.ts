/**
 * A device message the ingest could not take, kept with the reason: a day's letters are spread over
 * DEAD_LETTER_SHARDS partitions by the sending client, so a fleet sending bad messages does not
 * pile onto one partition, and one device's letters stay in order. gsi1 lists one client's letters
 * (a device's client id is its serial number) for its /device/errors screen: the same item, one write.
 */
export const DEAD_LETTER_SHARDS = 8;

export const deadLetterSchema = {
  model: { entity: 'DeadLetter', version: '2', service: 'pd' },
  attributes: {
    DeadLetterID: { type: 'string', required: true, readOnly: true },
    Topic: { type: 'string', required: true, readOnly: true },
    ClientId: { type: 'string', required: true, readOnly: true },
    /** The raw payload, base64, exactly as received. */
    Payload: { type: 'string', required: true, readOnly: true },
    Reason: { type: 'string', required: true, readOnly: true },
    ReceivedAt: { type: 'string', required: true, readOnly: true },
    /** ReceivedAt's day, `YYYY-MM-DD`. */
    Day: { type: 'string', required: true, readOnly: true },
    Shard: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['Day', 'Shard'], template: 'DEADLETTER#${Day}#${Shard}', casing: 'none' },
      sk: { field: 'sk', composite: ['ReceivedAt', 'DeadLetterID'], template: '${ReceivedAt}#${DeadLetterID}', casing: 'none' },
    },
    /** /device/errors, 'Refused messages'. */
    byClient: {
      index: 'gsi1',
      projection: 'keys_only',
      pk: { field: 'gsi1pk', composite: ['ClientId'], template: 'DEADLETTER#CLIENT#${ClientId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['ReceivedAt', 'DeadLetterID'], template: '${ReceivedAt}#${DeadLetterID}', casing: 'none' },
    },
  },
} as const;
