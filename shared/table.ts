/**
 * The one DynamoDB table: generic keys and GSIs. The CDK stack and the local table creation both
 * read this, so the two cannot drift. docs/data-model.md lists which item lives under which keys.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Each GSI projects all attributes: list screens read whole items from the index. */
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  /** Items with this attribute (epoch seconds) expire on their own, e.g. sign-in throttling records. */
  timeToLiveAttribute: 'expiresAt',
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];
