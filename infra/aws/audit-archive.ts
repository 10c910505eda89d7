import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { addOpsAlarms, type OpsAlarm } from './alarms';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, type IKey } from 'aws-cdk-lib/aws-kms';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectLockRetention, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { metricNames } from '@functions/lib/powertools';
import type { EnvironmentVariables } from '@functions/lib/environment';
import { AUDIT_PARTITION_PREFIX, tableDefinition } from '@shared/table';
import { acknowledge, acknowledgeTableStreamMapping, awsSolutions, hipaaAndNist } from './nag';
import { PortalFunction } from './portal-function';

/**
 * Six calendar years (HIPAA 164.316(b)(2)(i)), whatever leap days they hold: 6 × 365 + 2. Object
 * Lock counts retention in days; a deployment may set more (context `auditRetentionDays`), never
 * less for the objects already stored (compliance mode).
 */
export const DEFAULT_AUDIT_RETENTION_DAYS = 6 * 365 + 2;

/** The archive Lambda's service name, the dimension its metrics carry. */
export const AUDIT_ARCHIVE_SERVICE = 'pd-portal-audit-archive';

export interface AuditArchiveProps {
  /** The portal table, with its stream of old and new images (shared/table.ts). */
  table: ITable;
  /** Where the bucket's server access logs go. */
  logBucket: IBucket;
  alarmTopic: ITopic;
  logKey: IKey;
  /** How long each archived record is locked, in days. */
  retentionDays: number;
}

/**
 * The audit trail's write-once copy (docs/security.md, "The audit trail"): IAM cannot stop a writer
 * of audit records from overwriting one, so every audit item also leaves through the table's stream
 * for a bucket under Object Lock in compliance mode, where nobody, root included, deletes or
 * overwrites an object before its retention ends. A change or delete of an audit item alarms.
 */
export class AuditArchive extends Construct {
  readonly bucket: Bucket;
  readonly archiver: PortalFunction;

  constructor(scope: Construct, id: string, props: AuditArchiveProps) {
    super(scope, id);
    if (!Number.isInteger(props.retentionDays) || props.retentionDays < 1)
      throw new Error(`auditRetentionDays must be a whole number of days, not ${props.retentionDays}`);
    const key = new Key(this, 'Key', {
      enableKeyRotation: true,
      description: 'PD portal audit archive (write-once copy of the audit trail)',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new Bucket(this, 'Bucket', {
      objectLockEnabled: true,
      objectLockDefaultRetention: ObjectLockRetention.compliance(Duration.days(props.retentionDays)),
      versioned: true,
      encryption: BucketEncryption.KMS,
      encryptionKey: key,
      bucketKeyEnabled: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'audit-archive/',
      // Nothing expires: Object Lock keeps each version for its retention, and what is older is an operator's to purge.
      lifecycleRules: [{ id: 'AbortIncompleteUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.bucket,
      hipaaAndNist(
        'S3BucketReplicationEnabled',
        'The archive is the second copy of the audit trail, not the only one: the table holds the same records with point-in-time recovery and a backup plan. Object Lock already keeps every version from deletion; a copy in another region (which needs a locked bucket there) is a disaster-recovery choice an operator can add (docs/deploy.md).',
      ),
    );

    this.archiver = new PortalFunction(this, 'Archiver', {
      entry: 'audit/archive-stream',
      logKey: props.logKey,
      description: 'Copies every audit record, and any change of one, from the table stream to the write-once archive',
      timeout: Duration.minutes(1),
      environment: { AUDIT_ARCHIVE_BUCKET: this.bucket.bucketName, POWERTOOLS_SERVICE_NAME: AUDIT_ARCHIVE_SERVICE } satisfies EnvironmentVariables,
    });
    // Only new objects: no s3:PutObjectRetention, s3:PutObjectLegalHold, s3:DeleteObject* or s3:GetObject.
    this.archiver.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.bucket.arnForObjects('*')] }));
    acknowledge(
      this.archiver.role,
      awsSolutions(
        `IAM5[Resource::<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>/*]`,
        "The archiver may only s3:PutObject into the audit archive bucket, under keys made of each record's table key and stream sequence number; Object Lock (compliance) keeps every version it writes, and it has no right to read, delete, or change an object's retention.",
      ),
    );
    key.grant(this.archiver, 'kms:GenerateDataKey', 'kms:Encrypt');

    // The batch metadata of records the archiver could not store: they stay readable in the
    // stream for its 24 hours minus maxRecordAge, and in the table (docs/security.md).
    const failed = new Queue(this, 'FailedBatches', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    acknowledge(
      failed,
      awsSolutions(
        'SQS3',
        "FailedBatches is itself the on-failure destination of the audit archiver's stream mapping: it holds where in the stream a batch failed, to be replayed.",
      ),
    );
    acknowledge(
      this.archiver,
      hipaaAndNist(
        'LambdaDLQ',
        'The archiver is invoked by its stream mapping, never asynchronously: the mapping retries a failed record and then sends the failed batch to the FailedBatches queue (its on-failure destination), which a function DLQ would never receive.',
      ),
      hipaaAndNist(
        'LambdaConcurrency',
        'The stream mapping runs one archiver per stream shard, which bounds it; reserving a number would only cap it below the shards of a busy table, and a throttled batch waits in the stream (24 hours), behind the ArchiverBehind alarm.',
      ),
    );
    this.archiver.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: 1000,
        // Half the stream's 24 hours: what failed is still in the stream for 12 hours after it reaches the queue.
        maxRecordAge: Duration.hours(12),
        onFailure: new SqsDlq(failed),
        // Audit items only, whatever happened to them (INSERT, MODIFY, REMOVE): nothing else of the table is kept for years.
        filters: [FilterCriteria.filter({ dynamodb: { Keys: { [tableDefinition.partitionKey]: { S: FilterRule.beginsWith(AUDIT_PARTITION_PREFIX) } } } })],
      }),
    );
    acknowledgeTableStreamMapping(this.archiver.role);

    const tampered = new Metric({
      namespace: 'PdPortal',
      metricName: metricNames.auditRecordTampered,
      dimensionsMap: { service: AUDIT_ARCHIVE_SERVICE },
      statistic: 'Sum',
      period: Duration.minutes(5),
    });
    const action = new SnsAction(props.alarmTopic);
    const alarms: OpsAlarm[] = [
      [
        'AuditRecordTampered',
        tampered,
        1,
        'An audit record was changed or deleted in the table: both images are in the audit archive (docs/security.md, "The audit trail")',
      ],
      ['ArchiverErrors', this.archiver.metricErrors({ period: Duration.minutes(5) }), 1, 'The audit archiver failed (the stream gives the records again)'],
      [
        'FailedAuditBatches',
        failed.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        1,
        'Audit records were not archived within 12 hours: replay them from the stream or the table (docs/security.md)',
      ],
      [
        'ArchiverBehind',
        this.archiver.metric('IteratorAge', { period: Duration.minutes(5), statistic: 'Maximum' }),
        3_600_000,
        'The audit archiver is more than an hour behind the table stream',
      ],
    ];
    addOpsAlarms(this, action, alarms);
  }
}
