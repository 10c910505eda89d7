import { ensureUserPool, localCognitoClient } from '@infra/local/cognito';
import { ensureTable, localDynamoClient } from '@infra/local/dynamodb';

/** Creates this test file's table (once) before its tests run. */
export function useTestTable(): void {
  beforeAll(async () => {
    const client = localDynamoClient(Number(process.env.TEST_DYNAMODB_PORT));
    await ensureTable(client, process.env.TABLE_NAME!);
    client.destroy();
  });
}

/** Creates a user pool of this test file's own (groups, client) and points the handlers at it. */
export function useTestUserPool(): void {
  beforeAll(async () => {
    const client = localCognitoClient(Number(process.env.TEST_COGNITO_PORT));
    const ids = await ensureUserPool(client);
    client.destroy();
    process.env.USER_POOL_ID = ids.userPoolId;
    process.env.USER_POOL_CLIENT_ID = ids.userPoolClientId;
  });
}
