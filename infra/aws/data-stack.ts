import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { BackupPlan, BackupResource } from 'aws-cdk-lib/aws-backup';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { tableDefinition } from '../../shared/table';

/**
 * The one table of shared/table.ts (on demand, point-in-time recovery, deletion protection, a
 * customer key), the images bucket (signed uploads and reads only) and the access-log bucket.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly imagesBucket: Bucket;
  readonly logBucket: Bucket;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const key = new Key(this, 'TableKey', { enableKeyRotation: true, description: 'PD portal table (patient data)', removalPolicy: RemovalPolicy.RETAIN });
    const string = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: string(tableDefinition.partitionKey),
      sortKey: string(tableDefinition.sortKey),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: key,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({ indexName: gsi.indexName, partitionKey: string(gsi.partitionKey), sortKey: string(gsi.sortKey) });
    }

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
      cors: [{ allowedMethods: [HttpMethods.PUT, HttpMethods.GET], allowedOrigins: ['*'], allowedHeaders: ['content-type'], maxAge: 300 }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
