import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { isFromCloudFront } from '@functions/lib/origin-verify';

let client: SecretsManagerClient | undefined;

/**
 * The HTTP API's Lambda authorizer of the public routes (simple responses): only requests that came
 * through CloudFront, and so through its WAF, reach the sign-in Lambdas. API Gateway caches the
 * answer per header value, so this runs about once in five minutes. Signed-in routes are checked
 * by the endpoint chain itself (functions/endpoint/endpoint.ts), as a route takes one authorizer only.
 */
export async function handler(event: { headers?: Record<string, string | undefined> }): Promise<{ isAuthorized: boolean }> {
  client ??= new SecretsManagerClient({});
  return { isAuthorized: await isFromCloudFront(event.headers, process.env.ORIGIN_VERIFY_SECRET_ARN ?? '', client) };
}
