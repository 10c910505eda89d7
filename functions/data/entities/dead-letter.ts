/** A device message the ingest could not take, kept with the reason; one partition per day (a few a day, not a hot path). */
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
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['Day'], template: 'DEADLETTER#${Day}', casing: 'none' },
      sk: { field: 'sk', composite: ['ReceivedAt', 'DeadLetterID'], template: '${ReceivedAt}#${DeadLetterID}', casing: 'none' },
    },
  },
} as const;
