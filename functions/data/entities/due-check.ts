/** Due checks are spread over this many partitions per minute. */
export const DUE_SHARDS = 4;

/**
 * A patient due for the skipped-exchange check at a minute (a prescribed slot plus its grace
 * time). The scheduled check reads only the minutes that passed since its last run, so its work
 * grows with the patients due, not with the platform.
 */
export const dueCheckSchema = {
  model: { entity: 'DueCheck', version: '2', service: 'pd' },
  attributes: {
    /** ISO minute, `YYYY-MM-DDTHH:mm`. */
    DueMinute: { type: 'string', required: true, readOnly: true },
    Shard: { type: 'string', required: true, readOnly: true },
    PatientID: { type: 'string', required: true, readOnly: true },
    /** Deleted on its own a week after it was due, if no check ever took it. */
    expiresAt: { type: 'number' },
  },
  indexes: {
    byMinute: {
      pk: { field: 'pk', composite: ['DueMinute', 'Shard'], template: 'DUE#${DueMinute}#${Shard}', casing: 'none' },
      sk: { field: 'sk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
    },
  },
} as const;

/** Where the scheduled check stopped: the last minute it took. */
export const dueCursorSchema = {
  model: { entity: 'DueCursor', version: '2', service: 'pd' },
  attributes: {
    Name: { type: 'string', required: true, readOnly: true },
    LastMinute: { type: 'string', required: true },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: ['Name'], template: 'DUECURSOR#${Name}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'CURSOR', casing: 'none' },
    },
  },
} as const;
