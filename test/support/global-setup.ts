import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCognitoLocal } from '@infra/local/cognito';
import { startDynamoDbLocal } from '@infra/local/dynamodb';
import { freePort, type ManagedProcess } from '@infra/local/processes';

/**
 * Starts DynamoDB Local and cognito-local once per jest run, on free ports, with throwaway data.
 * Each test file gets its own table and user pool (test/support/env.ts), so files never share data.
 */
export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-test-'));
  const [dynamoPort, cognitoPort] = await Promise.all([freePort(), freePort()]);
  const processes: ManagedProcess[] = await Promise.all([
    startDynamoDbLocal({ port: dynamoPort, dir: path.join(dir, 'dynamodb'), logDir: path.join(dir, 'logs') }),
    startCognitoLocal({ port: cognitoPort, dir: path.join(dir, 'cognito'), logDir: path.join(dir, 'logs') }),
  ]);
  (globalThis as { __localProcesses?: ManagedProcess[] }).__localProcesses = processes;
  Object.assign(process.env, {
    TEST_DATA_DIR: dir,
    TEST_DYNAMODB_PORT: String(dynamoPort),
    TEST_COGNITO_PORT: String(cognitoPort),
  });
}
