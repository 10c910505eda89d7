import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCognitoLocal } from '@infra/local/cognito';
import { startCognitoFront } from '@infra/local/cognito-front';
import { startDynamoDbLocal } from '@infra/local/dynamodb';
import { startLambdaTwin } from '@infra/local/lambda-twin';
import { freePort, type ManagedProcess } from '@infra/local/processes';
import { triggersByUserPool } from './cognito-triggers';

/**
 * Starts DynamoDB Local and cognito-local once per jest run, on free ports, with throwaway data.
 * Each test file gets its own table and user pool (test/support/env.ts), so files never share data;
 * Cognito's triggers run in the file that owns the pool (cognito-triggers.ts). TEST_COGNITO_PORT is
 * the local Cognito's front (infra/local/cognito-front.ts), which runs the pre-authentication trigger.
 */
export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-test-'));
  process.env.TEST_DATA_DIR = dir;
  const [dynamoPort, cognitoPort, cognitoFrontPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const triggers = await startLambdaTwin(triggersByUserPool());
  const processes: ManagedProcess[] = await Promise.all([
    startDynamoDbLocal({ port: dynamoPort, dir: path.join(dir, 'dynamodb'), logDir: path.join(dir, 'logs') }),
    startCognitoLocal({
      port: cognitoPort,
      dir: path.join(dir, 'cognito'),
      logDir: path.join(dir, 'logs'),
      lambdaUrl: triggers.url,
      issuerUrl: `http://127.0.0.1:${cognitoFrontPort}`,
    }),
  ]);
  const front = await startCognitoFront({ port: cognitoFrontPort, cognitoPort, lambdaUrl: triggers.url });
  Object.assign(globalThis as { __localProcesses?: ManagedProcess[]; __localServers?: Array<{ close(): Promise<void> }> }, {
    __localProcesses: processes,
    __localServers: [front, triggers],
  });
  Object.assign(process.env, {
    TEST_DYNAMODB_PORT: String(dynamoPort),
    TEST_COGNITO_PORT: String(cognitoFrontPort),
  });
}
