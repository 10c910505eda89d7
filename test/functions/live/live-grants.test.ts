import { AttachPolicyCommand, GetPolicyCommand, IoTClient, ListAttachedPoliciesCommand } from '@aws-sdk/client-iot';
import { sessionsRepository } from '@functions/data/sessions-repository';
import { handler as endLiveGrants } from '@functions/live/end-live-grants';
import { LIVE_POLICY_PREFIX, livePolicyDocument, livePolicyName, revokeLiveIdentities } from '@functions/identity/live-identity';
import { endAllSessions } from '@functions/services/end-sessions';
import { liveTopicFilterFor } from '@shared/live';
import * as messages from '@shared/messages';
import { createTestClinic, createTestProvider } from '@test/support/devices';
import { signInTokens, signedInUser, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { useMoto } from '@test/support/moto';
import { enableTableStream } from '@test/support/table-stream';

useTestTable();
useTestUserPool();
const moto = useMoto({ endpointsFor: ['IOT', 'COGNITO_IDENTITY'] });
const api = useApi();

/**
 * The live screens on AWS (docs/live-screens.md), run against moto's Cognito Identity and IoT
 * through the clients the Lambdas use: the grant route finds the caller's identity-pool identity
 * (GetId with the caller's ID token from cognito-local) and attaches its tenant's IoT policy; the
 * end of the user's sessions, read from DynamoDB Local's real table stream as Lambda reads it,
 * takes the policy away again (functions/live/end-live-grants.ts).
 */
const ACCOUNT = '123456789012';
let iot: IoTClient;
let stream: Awaited<ReturnType<typeof enableTableStream>>;
beforeAll(async () => {
  const response = await fetch(`${moto.url}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityService.CreateIdentityPool',
      authorization: `AWS4-HMAC-SHA256 Credential=test/20250101/${process.env.AWS_REGION}/cognito-identity/aws4_request, SignedHeaders=host, Signature=0`,
    },
    body: JSON.stringify({ IdentityPoolName: 'live', AllowUnauthenticatedIdentities: false }),
  });
  const { IdentityPoolId } = (await response.json()) as { IdentityPoolId: string };
  Object.assign(process.env, { LIVE_IDENTITY_POOL_ID: IdentityPoolId, LIVE_POLICY_ACCOUNT: ACCOUNT });
  iot = new IoTClient({});
  stream = await enableTableStream();
});
afterAll(() => {
  iot.destroy();
  delete process.env.LIVE_IDENTITY_POOL_ID;
  delete process.env.LIVE_POLICY_ACCOUNT;
});

const livePolicies = async (identityId: string) =>
  ((await iot.send(new ListAttachedPoliciesCommand({ target: identityId }))).policies ?? [])
    .map((policy) => policy.policyName!)
    .filter((name) => name.startsWith(LIVE_POLICY_PREFIX));

/** Hands what the table stream holds since the last read to the function, as its filtered mapping would. */
async function deliverStream(): Promise<{ batchItemFailures: Array<{ itemIdentifier: string }> }> {
  return endLiveGrants({ Records: await stream.read() });
}

async function nurse() {
  const provider = await createTestProvider();
  const clinic = await createTestClinic(provider.ServiceProviderID);
  const { user } = await signedInUser('Nurse', { ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName });
  const topicFilter = liveTopicFilterFor({ Role: 'Nurse', ClinicID: clinic.ClinicID, ServiceProviderID: provider.ServiceProviderID })!;
  return { user, topicFilter };
}

async function grant(userId: string, tokens: { accessToken: string; idToken: string }) {
  return api.call('POST', `/users/${userId}/live`, { token: tokens.accessToken, body: { idToken: tokens.idToken } });
}

describe('live notices on AWS: the grant and its end', () => {
  it("attaches the clinic's policy to the caller's own identity, and takes it away when the caller signs out", async () => {
    const { user, topicFilter } = await nurse();
    const tokens = await signInTokens(user.Email);
    const answer = await grant(user.UserID, tokens);
    expect(answer).toEqual({ status: 200, body: { topicFilter } });

    const [granted] = await sessionsRepository.liveIdentities(user.UserID);
    expect(granted).toEqual({ identityId: expect.any(String), policyName: livePolicyName(topicFilter), grantedAtMs: expect.any(Number) });
    expect(await livePolicies(granted!.identityId)).toEqual([livePolicyName(topicFilter)]);
    const { policyDocument } = await iot.send(new GetPolicyCommand({ policyName: livePolicyName(topicFilter) }));
    expect(JSON.parse(policyDocument!)).toEqual(JSON.parse(livePolicyDocument(process.env.AWS_REGION!, ACCOUNT, topicFilter)));

    expect((await api.call('POST', '/signout', { token: tokens.accessToken, body: {} })).status).toBe(200);
    // Until the stream is read, the browser still holds its grant: the function is what ends it.
    expect(await livePolicies(granted!.identityId)).toEqual([livePolicyName(topicFilter)]);
    expect(await deliverStream()).toEqual({ batchItemFailures: [] });
    expect(await livePolicies(granted!.identityId)).toEqual([]);
    expect(await sessionsRepository.liveIdentities(user.UserID)).toEqual([]);
  });

  it('ends the grants of a user whose sessions an administrator ends (disable, role or clinic change), and no one else’s', async () => {
    const first = await nurse();
    const second = await nurse();
    expect((await grant(first.user.UserID, await signInTokens(first.user.Email))).status).toBe(200);
    expect((await grant(second.user.UserID, await signInTokens(second.user.Email))).status).toBe(200);
    const [firstGrant] = await sessionsRepository.liveIdentities(first.user.UserID);
    const [secondGrant] = await sessionsRepository.liveIdentities(second.user.UserID);
    await stream.read(); // what came before is not this test's

    await endAllSessions(first.user.UserID);
    expect(await deliverStream()).toEqual({ batchItemFailures: [] });
    expect(await livePolicies(firstGrant!.identityId)).toEqual([]);
    expect(await livePolicies(secondGrant!.identityId)).toEqual([second.topicFilter].map(livePolicyName));
  });

  it('keeps the grant of a sign-in that came after the end, whichever the function sees first', async () => {
    const { user, topicFilter } = await nurse();
    expect((await grant(user.UserID, await signInTokens(user.Email))).status).toBe(200);
    const [before] = await sessionsRepository.liveIdentities(user.UserID);
    await stream.read();
    await endAllSessions(user.UserID);

    // The user signs in again before the stream is read (moto's GetId gives each call a new identity).
    expect((await grant(user.UserID, await signInTokens(user.Email))).status).toBe(200);
    const after = (await sessionsRepository.liveIdentities(user.UserID)).find((item) => item.identityId !== before!.identityId)!;
    expect(await deliverStream()).toEqual({ batchItemFailures: [] });
    expect(await livePolicies(before!.identityId)).toEqual([]);
    expect(await livePolicies(after.identityId)).toEqual([livePolicyName(topicFilter)]);

    // The same identity granted again between the function's read of the grants and its detach:
    // the function sees the newer grant when it forgets the old one, and puts the policy back.
    const { endedAtMs } = await endAllSessions(user.UserID);
    const stale = await sessionsRepository.liveIdentities(user.UserID);
    await sessionsRepository.recordLiveIdentity(user.UserID, { ...after, grantedAtMs: endedAtMs + 1 });
    await iot.send(new AttachPolicyCommand({ policyName: after.policyName, target: after.identityId }));
    jest.spyOn(sessionsRepository, 'liveIdentities').mockResolvedValueOnce(stale);
    await revokeLiveIdentities(user.UserID, endedAtMs);
    expect(await livePolicies(after.identityId)).toEqual([livePolicyName(topicFilter)]);
    expect(await sessionsRepository.liveIdentities(user.UserID)).toEqual([expect.objectContaining({ identityId: after.identityId })]);
  });

  it('refuses an ID token that is not the caller’s own, and attaches nothing', async () => {
    const { user } = await nurse();
    const other = await nurse();
    const mine = await signInTokens(user.Email);
    const theirs = await signInTokens(other.user.Email);
    const answer = await grant(user.UserID, { accessToken: mine.accessToken, idToken: theirs.idToken });
    expect(answer).toEqual({ status: 401, body: { message: [messages.session.authenticationError] } });
    const forged = `${mine.idToken.slice(0, -4)}AAAA`;
    expect((await grant(user.UserID, { accessToken: mine.accessToken, idToken: forged })).status).toBe(401);
    expect(await sessionsRepository.liveIdentities(user.UserID)).toEqual([]);
    expect(await sessionsRepository.liveIdentities(other.user.UserID)).toEqual([]);
  });

  it('reports a session end it could not act on, so the stream gives it again, and acts on it then', async () => {
    const { user, topicFilter } = await nurse();
    expect((await grant(user.UserID, await signInTokens(user.Email))).status).toBe(200);
    const [granted] = await sessionsRepository.liveIdentities(user.UserID);
    await stream.read();
    await endAllSessions(user.UserID);
    const records = await stream.read();

    // IoT Core throttles the first call (the SDK's overloads make the spy's type `never`).
    const send = (jest.spyOn(IoTClient.prototype, 'send') as jest.SpyInstance).mockRejectedValueOnce(
      Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }),
    );
    const failed = await endLiveGrants({ Records: records });
    send.mockRestore();
    const cutoff = records.find((record) => record.dynamodb?.Keys?.sk?.S === 'CUTOFF')!;
    expect(failed).toEqual({ batchItemFailures: [{ itemIdentifier: cutoff.dynamodb!.SequenceNumber }] });
    expect(await livePolicies(granted!.identityId)).toEqual([livePolicyName(topicFilter)]);

    expect(await endLiveGrants({ Records: records })).toEqual({ batchItemFailures: [] });
    expect(await livePolicies(granted!.identityId)).toEqual([]);
  });
});
