import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { config } from '../lib/config';

/**
 * The raw item access the session and sign-in security records still use (sessions, recovery and
 * rate-limit repositories: short-lived TTL items); every other entity is an ElectroDB entity
 * (entities/). Folding them into ElectroDB is open work (docs/data-model.md).
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

/** Updates an item with an expression; a failed condition throws ConditionalCheckFailedException. */
export async function updateItem(
  key: Keys,
  update: { expression: string; names?: Record<string, string>; values?: Record<string, unknown>; condition?: string },
): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: key,
      UpdateExpression: update.expression,
      ConditionExpression: update.condition,
      ExpressionAttributeNames: update.names,
      ExpressionAttributeValues: update.values,
    }),
  );
}

/** Every item of a partition whose sort key begins so (a few items: one page, up to 1 MB). */
export async function queryPartition<T>(pk: string, sortKeyPrefix: string): Promise<T[]> {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': sortKeyPrefix },
    }),
  );
  return (result.Items ?? []) as T[];
}

/** Deletes an item; a failed condition throws ConditionalCheckFailedException. */
export async function deleteItem(key: Keys, condition?: { expression: string; values: Record<string, unknown> }): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: config.tableName, Key: key, ConditionExpression: condition?.expression, ExpressionAttributeValues: condition?.values }),
  );
}

/** A write refused by its condition: DynamoDB's own error, a canceled transaction, or ElectroDB's wrapping of either. */
export function isConditionFailure(error: unknown): boolean {
  const names = [(error as { name?: string } | undefined)?.name, (error as { cause?: { name?: string } } | undefined)?.cause?.name];
  return names.some((name) => name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException');
}
