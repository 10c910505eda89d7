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

/** A query that follows every page: list screens show at most a clinic's or provider's items. */
export async function queryAll<T>(
  input: { index?: IndexName; pk: string; skBeginsWith?: string } & Pick<QueryCommandInput, 'ScanIndexForward'>,
): Promise<T[]> {
  const pkName = input.index ? `${input.index}pk` : 'pk';
  const skName = input.index ? `${input.index}sk` : 'sk';
  const items: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: input.index,
        KeyConditionExpression: input.skBeginsWith ? '#pk = :pk AND begins_with(#sk, :sk)' : '#pk = :pk',
        ExpressionAttributeNames: input.skBeginsWith ? { '#pk': pkName, '#sk': skName } : { '#pk': pkName },
        ExpressionAttributeValues: input.skBeginsWith ? { ':pk': input.pk, ':sk': input.skBeginsWith } : { ':pk': input.pk },
        ScanIndexForward: input.ScanIndexForward,
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
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
