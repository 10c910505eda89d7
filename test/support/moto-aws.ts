import { CreatePolicyCommand, IoTClient } from '@aws-sdk/client-iot';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateSecretCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { CreateEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { KinesisStreamBatchResponse, KinesisStreamEvent } from 'aws-lambda';
import { DEVICE_POLICY_NAME, devicePolicyDocument } from '@infra/aws/devices-stack';

/**
 * What the stacks make before a Lambda runs, made in a test file's moto (test/support/moto.ts) with
 * the names and documents the stacks use, through the same SDK clients the adapters use (their
 * endpoints are moto's once `useMoto` named the service).
 */

/** The account moto answers as; ARNs it makes name it. */
export const MOTO_ACCOUNT = '123456789012';

/** Runs one call with a client of its own, closed after. */
async function withClient<C extends { destroy(): void }, T>(client: C, call: (client: C) => Promise<T>): Promise<T> {
  try {
    return await call(client);
  } finally {
    client.destroy();
  }
}

/** The device policy as DevicesStack makes it: its name, and its document for moto's region and account. */
export const createDevicePolicy = () =>
  withClient(new IoTClient({}), (iot) =>
    iot.send(
      new CreatePolicyCommand({
        policyName: DEVICE_POLICY_NAME,
        policyDocument: JSON.stringify(devicePolicyDocument(process.env.AWS_REGION!, MOTO_ACCOUNT)),
      }),
    ),
  );

/** The images bucket of IMAGES_BUCKET (DataStack's, which holds the logos). */
export const createImagesBucket = () =>
  withClient(new S3Client({ forcePathStyle: true }), (s3) => s3.send(new CreateBucketCommand({ Bucket: process.env.IMAGES_BUCKET! })));

/** A secret with its first value; answers its ARN, which the stacks hand the Lambdas (`…_ARN`). */
export async function createSecret(name: string, value: string): Promise<string> {
  const created = await withClient(new SecretsManagerClient({}), (secrets) => secrets.send(new CreateSecretCommand({ Name: name, SecretString: value })));
  return created.ARN!;
}

/** A rotation's new value: it becomes AWSCURRENT, and the value before it AWSPREVIOUS. */
export const putSecretValue = (arn: string, value: string) =>
  withClient(new SecretsManagerClient({}), (secrets) => secrets.send(new PutSecretValueCommand({ SecretId: arn, SecretString: value })));

/** A verified SES identity (an address or a domain), as the deployment's `mailFrom` must be (docs/deploy.md). */
export const verifyMailIdentity = (identity: string) =>
  withClient(new SESv2Client({}), (ses) => ses.send(new CreateEmailIdentityCommand({ EmailIdentity: identity })));

interface KinesisRecord {
  SequenceNumber: string;
  ApproximateArrivalTimestamp: number;
  Data: string;
  PartitionKey: string;
}

/**
 * A Kinesis stream in moto, written as the topic rule writes it (PutRecord, partition key = the
 * device's client id) and read as Lambda's event source mapping reads it: GetShardIterator and
 * GetRecords from where the last batch ended, each record turned into the event record Lambda hands
 * the function. A batch whose function reports failed items is read again from the first of them
 * (ReportBatchItemFailures), as Lambda does.
 *
 * One shard, so one batch holds several devices' records, as a busy shard's batches do (the
 * stack's stream is on demand; each of its shards is read this way). `@aws-sdk/client-kinesis` is
 * not among our packages, and its client speaks HTTP/2, which moto does not: the API is five JSON calls.
 */
export async function createDeviceStream(motoUrl: string, StreamName = 'device-messages') {
  const call = async <T>(operation: string, body: unknown): Promise<T> => {
    const response = await fetch(`${motoUrl}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `Kinesis_20131202.${operation}`,
        // moto finds the service by the credential scope and checks no signature.
        authorization: `AWS4-HMAC-SHA256 Credential=${process.env.AWS_ACCESS_KEY_ID}/20250101/${process.env.AWS_REGION}/kinesis/aws4_request, SignedHeaders=host, Signature=0`,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${operation}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  };

  await call('CreateStream', { StreamName, ShardCount: 1 });
  const { StreamDescriptionSummary } = await call<{ StreamDescriptionSummary: { StreamARN: string } }>('DescribeStreamSummary', { StreamName });
  const streamArn = StreamDescriptionSummary.StreamARN;
  const { Shards } = await call<{ Shards: Array<{ ShardId: string }> }>('ListShards', { StreamName });
  const shardId = Shards[0]!.ShardId;
  /** Where the next batch starts: the mapping's checkpoint. */
  let position: { ShardIteratorType: 'TRIM_HORIZON' } | { ShardIteratorType: 'AT_SEQUENCE_NUMBER' | 'AFTER_SEQUENCE_NUMBER'; StartingSequenceNumber: string } =
    {
      ShardIteratorType: 'TRIM_HORIZON',
    };

  async function nextBatch(): Promise<KinesisStreamEvent> {
    const { ShardIterator } = await call<{ ShardIterator: string }>('GetShardIterator', { StreamName, ShardId: shardId, ...position });
    const { Records } = await call<{ Records: KinesisRecord[] }>('GetRecords', { ShardIterator, Limit: 100 });
    return {
      Records: Records.map((record) => ({
        kinesis: {
          kinesisSchemaVersion: '1.0',
          partitionKey: record.PartitionKey,
          sequenceNumber: record.SequenceNumber,
          data: record.Data,
          approximateArrivalTimestamp: record.ApproximateArrivalTimestamp,
        },
        eventSource: 'aws:kinesis',
        eventVersion: '1.0',
        eventID: `${shardId}:${record.SequenceNumber}`,
        eventName: 'aws:kinesis:record',
        invokeIdentityArn: `arn:aws:iam::${MOTO_ACCOUNT}:role/ingest`,
        awsRegion: process.env.AWS_REGION!,
        eventSourceARN: streamArn,
      })),
    };
  }

  return {
    streamArn,
    /** PutRecord as the topic rule's Kinesis action makes it; answers the record's sequence number. */
    async put(partitionKey: string, data: Buffer): Promise<string> {
      const put = await call<{ SequenceNumber: string }>('PutRecord', { StreamName, PartitionKey: partitionKey, Data: data.toString('base64') });
      return put.SequenceNumber;
    },
    /**
     * Hands the function the next batch and moves the checkpoint as Lambda does: past the batch when
     * nothing failed, else to the first failed record, which with the records after it comes again.
     */
    async deliver(fn: (event: KinesisStreamEvent) => Promise<KinesisStreamBatchResponse>) {
      const event = await nextBatch();
      const response = await fn(event);
      const failed = response.batchItemFailures.map((failure) => failure.itemIdentifier).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      const last = event.Records.at(-1)?.kinesis.sequenceNumber;
      if (failed[0]) position = { ShardIteratorType: 'AT_SEQUENCE_NUMBER', StartingSequenceNumber: failed[0] };
      else if (last) position = { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', StartingSequenceNumber: last };
      return { event, response };
    },
  };
}
