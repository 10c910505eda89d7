import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/**
 * The Cognito user pool's client, one per process, created on first use. Its own module (not
 * aws-clients.ts, which every Lambda loads through the data layer) so that only the Lambdas of
 * the session and user services load the Cognito SDK.
 */
let cognitoClient: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  cognitoClient ??= new CognitoIdentityProviderClient({});
  return cognitoClient;
}
