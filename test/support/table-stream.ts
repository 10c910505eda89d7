import { UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { localDynamoClient } from '@infra/local/dynamodb';
import { tableDefinition } from '@shared/table';

/**
 * The stream of this test file's table in DynamoDB Local, enabled as the CDK stack enables it on
 * AWS (shared/table.ts) and read the way Lambda's event source mapping reads it: DescribeStream,
 * GetShardIterator, GetRecords. The records are the stream's own (DynamoDB JSON images, sequence
 * numbers), with the stream's ARN that Lambda adds to each. The local stack's tables have no
 * stream (nothing there reads one); a test that needs it turns it on here.
 * `@aws-sdk/client-dynamodb-streams` is not among our packages: the API is three JSON calls.
 */
export async function enableTableStream(): Promise<{ read(): Promise<DynamoDBRecord[]> }> {
  const port = Number(process.env.TEST_DYNAMODB_PORT);
  const client = localDynamoClient(port);
  const updated = await client.send(
    new UpdateTableCommand({ TableName: process.env.TABLE_NAME, StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.streamView } }),
  );
  client.destroy();
  const streamArn = updated.TableDescription!.LatestStreamArn!;

  const call = async <T>(operation: string, body: unknown): Promise<T> => {
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDBStreams_20120810.${operation}`,
        // DynamoDB Local reads the credential scope and checks no signature.
        authorization: `AWS4-HMAC-SHA256 Credential=${process.env.AWS_ACCESS_KEY_ID}/20250101/${process.env.AWS_REGION}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${operation}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };

  /** Where each shard was read up to. */
  const readUpTo = new Map<string, string>();
  return {
    /** The records written since the last read, in each shard's order. */
    async read() {
      const { StreamDescription } = await call<{ StreamDescription: { Shards: Array<{ ShardId: string }> } }>('DescribeStream', { StreamArn: streamArn });
      const records: DynamoDBRecord[] = [];
      for (const { ShardId } of StreamDescription.Shards) {
        const after = readUpTo.get(ShardId);
        let { ShardIterator } = await call<{ ShardIterator?: string }>('GetShardIterator', {
          StreamArn: streamArn,
          ShardId,
          ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: 'TRIM_HORIZON' }),
        });
        while (ShardIterator) {
          const page = await call<{ Records: DynamoDBRecord[]; NextShardIterator?: string }>('GetRecords', { ShardIterator });
          if (page.Records.length === 0) break;
          for (const record of page.Records) records.push({ ...record, eventSourceARN: streamArn });
          readUpTo.set(ShardId, page.Records.at(-1)!.dynamodb!.SequenceNumber!);
          ShardIterator = page.NextShardIterator;
        }
      }
      return records;
    },
  };
}
