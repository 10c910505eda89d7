import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { AUDIT_PARTITION_PREFIX, tableDefinition } from '@shared/table';

/** Reads by key: no Scan, on any function (DESIGN.md section 5), whose requests carry no key to check. */
export const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
export const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/** The `dynamodb:LeadingKeys` pattern of the audit trail's partitions. */
export const AUDIT_KEYS = `${AUDIT_PARTITION_PREFIX}*`;

/**
 * Audit records are append-only (DESIGN.md section 5): no function may change or delete one. A
 * function that audits keeps PutItem on `AUDIT#*`, which IAM cannot limit to new items (no
 * condition key sees `attribute_not_exists`): a put over a record's key would replace it, which is
 * why every record also goes to write-once storage (infra/aws/audit-archive.ts).
 */
export const AUDIT_IMMUTABLE_ACTIONS = ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

export interface TableAccess {
  /** Partition-key patterns (`USER#*`) the function may read, on the table and its indexes. */
  read: readonly string[];
  /** Partition-key patterns the function may write; `AUDIT#*` only for a function that audits. */
  write: readonly string[];
}

/**
 * A writer's use of the table key, named action by action: the wildcards `kms:ReEncrypt*` and
 * `kms:GenerateDataKey*` would also grant the data-key-pair actions, which DynamoDB never uses, and
 * whatever KMS adds under those names later.
 */
export const TABLE_KEY_WRITE_ACTIONS = ['kms:Encrypt', 'kms:ReEncryptFrom', 'kms:ReEncryptTo', 'kms:GenerateDataKey', 'kms:GenerateDataKeyWithoutPlaintext'];

/**
 * Grants a function reads and writes on the portal table, limited to the given partition keys by
 * `dynamodb:LeadingKeys` (for a GSI query, the index's partition key), and the table key's use.
 * Reads name the table and each of its indexes (shared/table.ts), never `index/*`.
 * A function that writes is also denied, whatever else it may be granted, every write of an audit
 * record if it does not audit, and every change or delete of one if it does.
 */
export function grantTableAccess(grantee: IGrantable, table: ITable, access: TableAccess): void {
  const statement = (actions: string[], patterns: readonly string[], resources: string[]) =>
    new PolicyStatement({ actions, resources, conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] } } });
  if (access.read.length > 0) {
    const indexes = tableDefinition.globalSecondaryIndexes.map((gsi) => `${table.tableArn}/index/${gsi.indexName}`);
    grantee.grantPrincipal.addToPrincipalPolicy(statement(READ_ACTIONS, access.read, [table.tableArn, ...indexes]));
    table.encryptionKey?.grant(grantee, 'kms:Decrypt', 'kms:DescribeKey');
  }
  if (access.write.length > 0) {
    grantee.grantPrincipal.addToPrincipalPolicy(statement(WRITE_ACTIONS, access.write, [table.tableArn]));
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        actions: access.write.includes(AUDIT_KEYS) ? AUDIT_IMMUTABLE_ACTIONS : WRITE_ACTIONS,
        resources: [table.tableArn],
        conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_KEYS] } },
      }),
    );
    table.encryptionKey?.grant(grantee, ...TABLE_KEY_WRITE_ACTIONS);
  }
}
