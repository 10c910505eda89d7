import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';

/** Reads by key: no Scan, on any function (DESIGN.md section 5), whose requests carry no key to check. */
export const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
export const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/**
 * Audit records are append-only (DESIGN.md section 5): no function may change or delete one. Puts
 * stay allowed, as records are created with a condition on their absence (a fresh random id).
 */
export const AUDIT_IMMUTABLE_ACTIONS = ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

export interface TableAccess {
  /** Partition-key patterns (`USER#*`) the function may read, on the table and its indexes; 'any' for all. */
  read: readonly string[] | 'any';
  /** Partition-key patterns the function may write; 'any' for all. */
  write: readonly string[] | 'any';
}

/**
 * Grants a function reads and writes on the portal table, limited to the given partition keys by
 * `dynamodb:LeadingKeys` (for a GSI query, the index's partition key), and the table key's use.
 */
export function grantTableAccess(grantee: IGrantable, table: ITable, access: TableAccess): void {
  const statement = (actions: string[], patterns: readonly string[] | 'any', resources: string[]) =>
    new PolicyStatement({
      actions,
      resources,
      conditions: patterns === 'any' ? undefined : { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...patterns] } },
    });
  if (access.read === 'any' || access.read.length > 0) {
    grantee.grantPrincipal.addToPrincipalPolicy(statement(READ_ACTIONS, access.read, [table.tableArn, `${table.tableArn}/index/*`]));
    table.encryptionKey?.grant(grantee, 'kms:Decrypt', 'kms:DescribeKey');
  }
  if (access.write === 'any' || access.write.length > 0) {
    grantee.grantPrincipal.addToPrincipalPolicy(statement(WRITE_ACTIONS, access.write, [table.tableArn]));
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        actions: AUDIT_IMMUTABLE_ACTIONS,
        resources: [table.tableArn],
        conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['AUDIT#*'] } },
      }),
    );
    table.encryptionKey?.grant(grantee, 'kms:Encrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*');
  }
}
