import { randomUUID } from 'node:crypto';
import type { AwsSdkVariables, EnvironmentVariables } from '@functions/lib/environment';

/**
 * Per test file: the environment the handlers read, pointing at the run's DynamoDB Local and
 * cognito-local, with a table name of this file's own (created by `useTestTable`).
 */
Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${process.env.TEST_DYNAMODB_PORT}`,
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `http://127.0.0.1:${process.env.TEST_COGNITO_PORT}`,
  TABLE_NAME: `test-${randomUUID()}`,
  POWERTOOLS_LOG_LEVEL: 'SILENT',
  POWERTOOLS_METRICS_DISABLED: 'true',
  HUMAN_VERIFICATION: 'local',
  LOCAL_VERIFIER_SECRET: 'test-verifier-secret',
  MAIL_TRANSPORT: 'outbox',
  // The local stack's bucket: upload links are signed here, without a request to storage.
  IMAGES_BUCKET: 'pd-portal-images',
  S3_FORCE_PATH_STYLE: 'true',
  PENDING_TOKEN_KEY_FILE: `${process.env.TEST_DATA_DIR}/pending-token-${randomUUID()}.key`,
  MAIL_OUTBOX_DIR: `${process.env.TEST_DATA_DIR}/outbox-${randomUUID()}`,
  SMS_TRANSPORT: 'outbox',
  SMS_OUTBOX_DIR: `${process.env.TEST_DATA_DIR}/sms-outbox-${randomUUID()}`,
  PORTAL_URL: 'https://portal.test.example',
  // Registered devices get the local broker's secrets, in this file's own store (test/support/devices.ts reads it).
  DEVICE_REGISTRY: 'local',
  DEVICE_CREDENTIALS_FILE: `${process.env.TEST_DATA_DIR}/device-credentials-${randomUUID()}.json`,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
} satisfies EnvironmentVariables & AwsSdkVariables);
