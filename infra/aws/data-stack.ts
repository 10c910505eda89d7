import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BackupPlan, BackupResource } from 'aws-cdk-lib/aws-backup';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tableDefinition } from '@shared/table';
import { AuditArchive, DEFAULT_AUDIT_RETENTION_DAYS } from './audit-archive';
import { logKey } from './log-key';
import { STACK_OUTPUTS } from './outputs';

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
    BackupPlan.dailyWeeklyMonthly5YearRetention(this, 'Backups').addSelection('Table', { resources: [BackupResource.fromDynamoDbTable(this.table)] });

    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // CloudFront standard logs are written with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      removalPolicy: RemovalPolicy.RETAIN,
    });
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
