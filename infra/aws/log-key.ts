import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

/**
 * A customer key for the CloudWatch log groups of one region: logs may hold what a request was
 * refused for (functions/endpoint/endpoint.ts logs the validation messages), so they are encrypted like
 * the table. The key lets CloudWatch Logs use it for this account's log groups only.
 */
export function logKey(scope: Construct, id: string): Key {
  const stack = Stack.of(scope);
  const key = new Key(scope, id, { enableKeyRotation: true, description: 'PD portal CloudWatch log groups', removalPolicy: RemovalPolicy.RETAIN });
  key.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
      actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
      resources: ['*'],
      conditions: { ArnLike: { 'kms:EncryptionContext:aws:logs:arn': `arn:${stack.partition}:logs:${stack.region}:${stack.account}:log-group:*` } },
    }),
  );
  return key;
}
