import { cognitoTriggers, ensureUserPool, localCognitoClient } from '@infra/local/cognito';
import { ensureTable, localDynamoClient } from '@infra/local/dynamodb';
import { startLambdaTwin } from '@infra/local/lambda-twin';
import { registerTriggers, unregisterTriggers } from './cognito-triggers';

/** Creates this test file's table (once) before its tests run. */
export function useTestTable(): void {
  beforeAll(async () => {
    const client = localDynamoClient(Number(process.env.TEST_DYNAMODB_PORT));
    await ensureTable(client, process.env.TABLE_NAME!);
    client.destroy();
  });
}

/**
 * Creates a user pool of this test file's own (groups, client) and points the handlers at it.
 * Cognito's triggers for it run in this file (with its table), registered for the run's
 * cognito-local (cognito-triggers.ts).
 */
export function useTestUserPool(): void {
  let triggers: Awaited<ReturnType<typeof startLambdaTwin>> | undefined;
  beforeAll(async () => {
    const client = localCognitoClient(Number(process.env.TEST_COGNITO_PORT));
    const ids = await ensureUserPool(client);
    client.destroy();
    process.env.USER_POOL_ID = ids.userPoolId;
    process.env.USER_POOL_CLIENT_ID = ids.userPoolClientId;
    triggers = await startLambdaTwin(cognitoTriggers());
    registerTriggers(ids.userPoolId, triggers.url);
  });
  afterAll(async () => {
    if (process.env.USER_POOL_ID) unregisterTriggers(process.env.USER_POOL_ID);
    await triggers?.close();
  });
}
