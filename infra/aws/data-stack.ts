import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BackupPlan, BackupResource } from 'aws-cdk-lib/aws-backup';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY } from 'aws-cdk-lib/cx-api';
import { Construct } from 'constructs';
import { tableDefinition } from '@shared/table';
import { AuditArchive, DEFAULT_AUDIT_RETENTION_DAYS } from './audit-archive';
import { logKey } from './log-key';
import { STACK_OUTPUTS } from './outputs';
import { acknowledge, awsSolutions, hipaaAndNist } from './nag';

export interface DataStackProps extends StackProps {
  /** The site's origin (https://portal.clinic.example), the only one allowed to use signed image links from a browser; none without a custom domain. */
  siteOrigin?: string;
  /** Where the operations alarms are mailed (the topic can take other subscriptions too). */
  opsEmail?: string;
  /** How many days each audit record is locked in the write-once archive; six years by default (DEFAULT_AUDIT_RETENTION_DAYS). */
  auditRetentionDays?: number;
}

/**
 * The one table of shared/table.ts (on demand, point-in-time recovery, deletion protection, a
 * customer key, a stream of old and new images), the write-once archive of its audit records,
 * the images bucket (signed uploads and reads only), the access-log bucket, and the operations
 * topic every alarm of the portal notifies.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly imagesBucket: Bucket;
  readonly logBucket: Bucket;
  readonly alarmTopic: Topic;
  /** The key of every log group of the portal in this region. */
  readonly logKey: Key;
  readonly auditArchive: AuditArchive;

  constructor(scope: Construct, id: string, props: DataStackProps = {}) {
    super(scope, id, props);
    // S3 delivers server access logs to the log bucket by its bucket policy (the logging service,
    // for the buckets that log there), not by the legacy log-delivery ACL.
    this.node.setContext(S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY, true);
    const key = new Key(this, 'TableKey', { enableKeyRotation: true, description: 'PD portal table (patient data)', removalPolicy: RemovalPolicy.RETAIN });
    const string = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: string(tableDefinition.partitionKey),
      sortKey: string(tableDefinition.sortKey),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      stream: StreamViewType[tableDefinition.streamView],
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: key,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: string(gsi.partitionKey),
        sortKey: string(gsi.sortKey),
        projectionType: ProjectionType[gsi.projection],
      });
    }

    new CfnOutput(this, STACK_OUTPUTS.tableName, { value: this.table.tableName, description: 'The portal table (npm run create-admin reads it)' });

    // Beyond the 35 days of point-in-time recovery: daily, weekly and monthly backups kept for years.
    const backups = BackupPlan.dailyWeeklyMonthly5YearRetention(this, 'Backups').addSelection('Table', {
      resources: [BackupResource.fromDynamoDbTable(this.table)],
    });
    acknowledge(
      backups,
      awsSolutions(
        'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
        "The AWS Backup service role of the table's backup plan: AWS keeps its policy to what Backup needs for the resource types it supports.",
      ),
    );

    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // CloudFront standard logs are written with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.logBucket,
      hipaaAndNist(
        'S3DefaultEncryptionKMS',
        'The access-log bucket: S3 server access logging delivers only to buckets encrypted with SSE-S3, never SSE-KMS. It holds request metadata (paths with opaque record ids, IP addresses, status codes), no clinical content.',
      ),
      hipaaAndNist(
        'S3BucketReplicationEnabled',
        "The access logs are versioned and kept (never removed with the stack); a copy in another region would keep the logs of a region that is itself down. The portal's record of who read or changed what is its audit trail, kept in the table and in the write-once audit archive.",
      ),
    );
    this.imagesBucket = new Bucket(this, 'Images', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'images/',
      cors: props.siteOrigin
        ? [{ allowedMethods: [HttpMethods.PUT, HttpMethods.GET], allowedOrigins: [props.siteOrigin], allowedHeaders: ['content-type'], maxAge: 300 }]
        : undefined,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.imagesBucket,
      hipaaAndNist(
        'S3DefaultEncryptionKMS',
        "The images bucket holds the clinics' and providers' logos only, shown to every user of the tenant, no patient data: SSE-S3 encrypts them at rest, and the bucket is private (signed links only, TLS only, every public access blocked).",
      ),
      hipaaAndNist(
        'S3BucketReplicationEnabled',
        'The logos are versioned and kept (never removed with the stack), and an administrator can upload one again; a copy in another region would add a bucket and replication role for images that carry no clinical content.',
      ),
    );

    this.logKey = logKey(this, 'LogKey');

    // CloudWatch publishes to the encrypted topic only if the key lets it.
    const alarmKey = new Key(this, 'AlarmTopicKey', { enableKeyRotation: true, description: 'PD portal operations alarms topic' });
    alarmKey.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.alarmTopic = new Topic(this, 'OpsAlarms', { displayName: 'PD portal operations alarms', masterKey: alarmKey, enforceSSL: true });
    if (props.opsEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.opsEmail));

    this.auditArchive = new AuditArchive(this, 'AuditArchive', {
      table: this.table,
      logBucket: this.logBucket,
      alarmTopic: this.alarmTopic,
      logKey: this.logKey,
      retentionDays: props.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS,
    });
  }
}
