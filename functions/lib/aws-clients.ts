import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The DynamoDB client every Lambda uses: one per process, created on first use and reused across
 * invocations. Other services' clients live in their own modules (cognito-client.ts, mailer.ts, …)
 * so that a Lambda loads only the SDK packages it calls (each adds to its cold start:
 * docs/lambda-bundles.md); the data layer, which every Lambda imports, imports this module.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const client = new DynamoDBClient({});
    // The SDK's logger middleware copies every request and answer, sensitive fields masked, for a
    // logger; the portal gives the client none, so it walked every item of every answer for nothing.
    client.middlewareStack.remove('loggerMiddleware');
    documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}
