import {
  AttachPolicyCommand,
  CreatePolicyCommand,
  DetachPolicyCommand,
  IoTClient,
  ListAttachedPoliciesCommand,
  ResourceAlreadyExistsException,
} from '@aws-sdk/client-iot';
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { createHash } from 'node:crypto';
import createHttpError from 'http-errors';
import * as messages from '@shared/messages';
import { sessionsRepository } from '../data/sessions-repository';
import { config } from '../lib/config';

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
const iotClient = () => (iot ??= new IoTClient({}));

/**
 * On AWS: attaches the tenant's IoT policy to the caller's identity-pool identity (and detaches a
 * live policy of another tenant it may still hold), so IoT Core lets it receive its tenant's
 * notices only. The identity is the one the pool gives the caller's own ID token (GetId, a
 * public call), so nobody can have a policy attached to another's identity. The grant is recorded
 * first, so that the end of the user's sessions finds it and takes it away (revokeLiveIdentities).
 */
export async function grantIdentity(pool: { identityPoolId: string; account: string }, userId: string, idToken: string, topicFilter: string): Promise<void> {
  const { identityPoolId, account } = pool;
  const claims = await verifyIdToken(idToken);
  if (!claims || claims.sub !== userId) throw createHttpError(401, messages.session.authenticationError);
  const region = identityPoolId.split(':')[0]!; // a pool id is `<region>:<uuid>`
  const identityId = await identityIdOf(region, identityPoolId, `cognito-idp.${region}.amazonaws.com/${config.userPoolId}`, idToken);
  const policyName = livePolicyName(topicFilter);
  try {
    await iotClient().send(new CreatePolicyCommand({ policyName, policyDocument: livePolicyDocument(region, account, topicFilter) }));
  } catch (error) {
    if (!(error instanceof ResourceAlreadyExistsException)) throw error;
  }
  await sessionsRepository.recordLiveIdentity(userId, { identityId, policyName, grantedAtMs: Date.now() });
  await detachLivePolicies(identityId, policyName);
  await iotClient().send(new AttachPolicyCommand({ policyName, target: identityId }));
}

/**
 * On AWS, when a user's sessions end: detaches every live IoT policy granted to the user's
 * identities before `endedAtMs`, so IoT Core stops delivering notices to a browser still connected.
 * A grant made since is put back: the grant records before it attaches and this detaches before it
 * forgets, so one of the two always sees the other.
 */
export async function revokeLiveIdentities(userId: string, endedAtMs: number): Promise<void> {
  for (const grant of await sessionsRepository.liveIdentities(userId)) {
    if (grant.grantedAtMs >= endedAtMs) continue;
    await detachLivePolicies(grant.identityId);
    const newer = await sessionsRepository.forgetLiveIdentity(userId, grant.identityId, endedAtMs);
    if (newer) await iotClient().send(new AttachPolicyCommand({ policyName: newer.policyName, target: grant.identityId }));
  }
}

/** Detaches every live policy the identity holds, but the one to keep. */
async function detachLivePolicies(identityId: string, keep?: string): Promise<void> {
  const { policies = [] } = await iotClient().send(new ListAttachedPoliciesCommand({ target: identityId }));
  for (const { policyName } of policies) {
    if (policyName && policyName.startsWith(LIVE_POLICY_PREFIX) && policyName !== keep) {
      await iotClient().send(new DetachPolicyCommand({ policyName, target: identityId }));
    }
  }
}

type IdTokenVerifier = (token: string) => Promise<{ sub: string } | undefined>;
let verifier: Promise<IdTokenVerifier> | undefined;

/**
 * The ID token's claims when it is a valid ID token of the portal's user pool and app client. The
 * pool's issuer is Cognito's on AWS; where the SDK is pointed at another Cognito (an emulator,
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER), that one's issuer and key set, fetched here because
 * aws-jwt-verify fetches key sets over https only.
 */
function verifyIdToken(token: string): Promise<{ sub: string } | undefined> {
  verifier ??= (async (): Promise<IdTokenVerifier> => {
    const endpoint = process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER;
    if (!endpoint) {
      const aws = CognitoJwtVerifier.create({ userPoolId: config.userPoolId, clientId: config.userPoolClientId, tokenUse: 'id' });
      return (idToken) => aws.verify(idToken).catch(() => undefined);
    }
    const issuer = `${endpoint.replace(/\/$/, '')}/${config.userPoolId}`;
    const other = JwtRsaVerifier.create({ issuer, audience: config.userPoolClientId, jwksUri: `${issuer}/.well-known/jwks.json` });
    other.cacheJwks((await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as Parameters<typeof other.cacheJwks>[0]);
    return async (idToken) => {
      const payload = await other.verify(idToken).catch(() => undefined);
      return payload?.token_use === 'id' ? { sub: String(payload.sub) } : undefined;
    };
  })();
  return verifier.then((verify) => verify(token));
}

/**
 * Cognito Identity's GetId: a public call (no signature), answered only for a valid token of the
 * pool's provider. Its endpoint is the SDK's for the service (AWS_ENDPOINT_URL_COGNITO_IDENTITY
 * when set, as for an emulator).
 */
async function identityIdOf(region: string, identityPoolId: string, provider: string, idToken: string): Promise<string> {
  const endpoint = process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY ?? `https://cognito-identity.${region}.amazonaws.com/`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityService.GetId' },
    body: JSON.stringify({ IdentityPoolId: identityPoolId, Logins: { [provider]: idToken } }),
  });
  const body = (await response.json()) as { IdentityId?: string };
  if (!response.ok || !body.IdentityId) throw createHttpError(401, messages.session.authenticationError);
  return body.IdentityId;
}
