import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { config } from '../lib/config';

/**
 * The raw item access the sign-in throttling and revoked-session records (sessions-repository.ts)
 * still use; every other entity is an ElectroDB entity (entities/).
 */
export interface Keys {
  pk: string;
  sk: string;
}

export async function getItem<T>(key: Keys): Promise<T | undefined> {
  const result = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: key }));
  return result.Item as T | undefined;
}

export async function putItem(item: Keys & Record<string, unknown>, condition?: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: condition }));
}

/** A write refused by its condition: DynamoDB's own error, a canceled transaction, or ElectroDB's wrapping of either. */
export function isConditionFailure(error: unknown): boolean {
  const names = [(error as { name?: string } | undefined)?.name, (error as { cause?: { name?: string } } | undefined)?.cause?.name];
  return names.some((name) => name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException');
}
