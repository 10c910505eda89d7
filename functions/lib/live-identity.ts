import {
  AttachPolicyCommand,
  CreatePolicyCommand,
  DetachPolicyCommand,
  IoTClient,
  ListAttachedPoliciesCommand,
  ResourceAlreadyExistsException,
} from '@aws-sdk/client-iot';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { createHash } from 'node:crypto';
import createHttpError from 'http-errors';
import * as messages from '@shared/messages';
import { config } from './config';

/** Every live policy's name starts so; the grant Lambda may create, attach and detach only these. */
export const LIVE_POLICY_PREFIX = 'portal-live-';

/**
 * The IoT policy of one tenant's notices: connect as the caller's own identity, subscribe to the
 * tenant's topic filter, receive what it matches; never publish. IoT Core lets a Cognito identity
 * do what both its role (infra/aws/live-stack.ts) and this policy allow.
 */
export function livePolicyDocument(region: string, account: string, topicFilter: string): string {
  const arn = (resource: string) => `arn:aws:iot:${region}:${account}:${resource}`;
  // An IoT policy names a topic with `*` where the filter has `#`; the filter itself names the subscription.
  const topics = topicFilter.endsWith('/#') ? [topicFilter.slice(0, -2), `${topicFilter.slice(0, -1)}*`] : [topicFilter];
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: 'iot:Connect', Resource: arn('client/${cognito-identity.amazonaws.com:sub}') },
      { Effect: 'Allow', Action: 'iot:Subscribe', Resource: arn(`topicfilter/${topicFilter}`) },
      { Effect: 'Allow', Action: 'iot:Receive', Resource: topics.map((topic) => arn(`topic/${topic}`)) },
    ],
  });
}

export const livePolicyName = (topicFilter: string) => `${LIVE_POLICY_PREFIX}${createHash('sha256').update(topicFilter).digest('hex').slice(0, 32)}`;

let iot: IoTClient | undefined;
let verifier: ReturnType<typeof CognitoJwtVerifier.create<{ userPoolId: string; clientId: string; tokenUse: 'id' }>> | undefined;

/**
 * On AWS: attaches the tenant's IoT policy to the caller's identity-pool identity (and detaches a
 * live policy of another tenant it may still hold), so IoT Core lets it receive its tenant's
 * notices only. The identity is the one the pool gives the caller's own ID token (GetId, a
 * public call), so nobody can have a policy attached to another's identity.
 */
export async function grantIdentity(pool: { identityPoolId: string; account: string }, userId: string, idToken: string, topicFilter: string): Promise<void> {
  const { identityPoolId, account } = pool;
  verifier ??= CognitoJwtVerifier.create({ userPoolId: config.userPoolId, clientId: config.userPoolClientId, tokenUse: 'id' });
  const claims = await verifier.verify(idToken).catch(() => undefined);
  if (!claims || claims.sub !== userId) throw createHttpError(401, messages.session.authenticationError);
  const region = identityPoolId.split(':')[0]!; // a pool id is `<region>:<uuid>`
  const identityId = await identityIdOf(region, identityPoolId, `cognito-idp.${region}.amazonaws.com/${config.userPoolId}`, idToken);
  const policyName = livePolicyName(topicFilter);
  iot ??= new IoTClient({});
  try {
    await iot.send(new CreatePolicyCommand({ policyName, policyDocument: livePolicyDocument(region, account, topicFilter) }));
  } catch (error) {
    if (!(error instanceof ResourceAlreadyExistsException)) throw error;
  }
  const { policies = [] } = await iot.send(new ListAttachedPoliciesCommand({ target: identityId }));
  for (const { policyName: attached } of policies) {
    if (attached && attached.startsWith(LIVE_POLICY_PREFIX) && attached !== policyName) {
      await iot.send(new DetachPolicyCommand({ policyName: attached, target: identityId }));
    }
  }
  await iot.send(new AttachPolicyCommand({ policyName, target: identityId }));
}

/** Cognito Identity's GetId: a public call (no signature), answered only for a valid token of the pool's provider. */
async function identityIdOf(region: string, identityPoolId: string, provider: string, idToken: string): Promise<string> {
  const response = await fetch(`https://cognito-identity.${region}.amazonaws.com/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityService.GetId' },
    body: JSON.stringify({ IdentityPoolId: identityPoolId, Logins: { [provider]: idToken } }),
  });
  const body = (await response.json()) as { IdentityId?: string };
  if (!response.ok || !body.IdentityId) throw createHttpError(401, messages.session.authenticationError);
  return body.IdentityId;
}
