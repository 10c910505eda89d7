import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { IndexName } from '../../shared/table';
import { dynamo } from '../lib/aws-clients';
import { config } from '../lib/config';

/** The generic keys every item carries; entities fill them in their own files, handlers never do. */
export interface Keys {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
  gsi3pk?: string;
  gsi3sk?: string;
}

const keyNames = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'entity'] as const;

/** An item without its storage keys, as repositories hand it out. */
export function withoutKeys<T extends object>(item: T): Omit<T, (typeof keyNames)[number]> {
  const copy = { ...item } as Record<string, unknown>;
  for (const key of keyNames) delete copy[key];
  return copy as Omit<T, (typeof keyNames)[number]>;
}

export async function getItem<T>(key: Pick<Keys, 'pk' | 'sk'>): Promise<T | undefined> {
  const result = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: key }));
  return result.Item as T | undefined;
}

export async function putItem(item: Keys & Record<string, unknown>, condition?: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: condition }));
}

export interface KeyQuery {
  index?: IndexName;
  pk: string;
  /** Sort keys starting with this prefix. */
  skBeginsWith?: string;
  /** Sort keys within [from, to], both included. */
  skBetween?: [string, string];
  /** Newest (highest sort key) first when false. */
  ScanIndexForward?: QueryCommandInput['ScanIndexForward'];
  /** Stop after this many items. */
  limit?: number;
}

function keyCondition(input: KeyQuery): Pick<QueryCommandInput, 'KeyConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  const names = { '#pk': input.index ? `${input.index}pk` : 'pk', '#sk': input.index ? `${input.index}sk` : 'sk' };
  if (input.skBetween) {
    return {
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':pk': input.pk, ':from': input.skBetween[0], ':to': input.skBetween[1] },
    };
  }
  if (input.skBeginsWith) {
    return {
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':pk': input.pk, ':sk': input.skBeginsWith },
    };
  }
  return { KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: { '#pk': names['#pk'] }, ExpressionAttributeValues: { ':pk': input.pk } };
}

/** A query that follows every page (up to `limit` items): list screens show at most a clinic's or provider's items. */
export async function queryAll<T>(input: KeyQuery): Promise<T[]> {
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const remaining = input.limit === undefined ? undefined : input.limit - items.length;
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: input.index,
        ...keyCondition(input),
        ScanIndexForward: input.ScanIndexForward,
        Limit: remaining,
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && (input.limit === undefined || items.length < input.limit));
  return items;
}

/** Updates an item with an expression; a failed condition throws ConditionalCheckFailedException. */
export async function updateItem(
  key: Pick<Keys, 'pk' | 'sk'>,
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

/**
 * Sets a time attribute only when the new time is later, so a late-arriving message never moves
 * a "last exchange time" backwards. Returns false when the stored time was already later.
 */
export async function setIfLater(key: Pick<Keys, 'pk' | 'sk'>, attribute: string, isoTime: string): Promise<boolean> {
  try {
    await updateItem(key, {
      expression: 'SET #a = :t',
      names: { '#a': attribute },
      values: { ':t': isoTime },
      condition: 'attribute_exists(pk) AND (attribute_not_exists(#a) OR #a < :t)',
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function transactWrite(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: items.map((item) => {
        const op = item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck;
        if (op) op.TableName = config.tableName;
        return item;
      }),
    }),
  );
}

/** Adds to numeric attributes atomically (counters), creating them at zero when absent. */
export async function addToCounters(key: Pick<Keys, 'pk' | 'sk'>, deltas: Record<string, number>): Promise<void> {
  const names = Object.keys(deltas);
  await dynamo().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: key,
      UpdateExpression: `ADD ${names.map((_, i) => `#n${i} :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, deltas[name]])),
    }),
  );
}

export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}
