import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** One client per service and process, created on first use and reused across invocations. */
let documentClient: DynamoDBDocumentClient | undefined;
let cognitoClient: CognitoIdentityProviderClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function cognito(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient({});
  return cognitoClient;
}
