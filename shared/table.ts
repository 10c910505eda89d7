/**
 * The one DynamoDB table: generic keys and GSIs. The CDK stack and the local table creation both
 * read this, so the two cannot drift. docs/data-model.md lists which item lives under which keys.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /**
   * Each GSI projects keys only: a list reads a page of keys from the index and the page's items
   * with one BatchGetItem (ElectroDB's `hydrate`). So an update of a listed item (a device's
   * counters at every exchange, a patient's alert counters) writes nothing to an index unless a
   * key changes, and no index holds a copy of patient data.
   */
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'KEYS_ONLY' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'KEYS_ONLY' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'KEYS_ONLY' },
  ],
  /** Items with this attribute (epoch seconds) expire on their own, e.g. sign-in throttling records. */
  timeToLiveAttribute: 'expiresAt',
  /**
   * Every change leaves the table through its stream with the item before and after: the audit
   * archive (infra/aws/audit-archive.ts) copies audit records, and any change of one, to
   * write-once storage.
   */
  streamView: 'NEW_AND_OLD_IMAGES',
} as const;

/** The partitions of the audit trail (`AUDIT#<month>#<shard>`): append-only, archived write-once. */
export const AUDIT_PARTITION_PREFIX = 'AUDIT#';

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];
