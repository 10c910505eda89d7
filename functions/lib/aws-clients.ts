import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The DynamoDB client every Lambda uses: one per process, created on first use and reused across
 * invocations. Other services' clients live in their own modules (cognito-client.ts, mailer.ts, …)
 * so that a Lambda loads only the SDK packages it calls: each costs milliseconds of cold start
 * (docs/lambda-bundles.md), and the data layer, which every Lambda imports, imports this module.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}
