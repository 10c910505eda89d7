import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { z } from 'zod';
import { endpoint } from '@functions/endpoint/endpoint';
import { forgetCachedValues } from '@functions/lib/origin-verify';
import { defineRoutes } from '@shared/api/route-definition';
import * as messages from '@shared/messages';

/**
 * The endpoint chain holds every handler to its route's response schema: an answer the schema
 * refuses is a 500 (a bug of ours, logged) rather than a surprise for the web, and keys the schema
 * does not declare never leave the server.
 */
const { probe } = defineRoutes({
  probe: {
    method: 'GET',
    path: '/probe/{thingId}',
    token: 'none',
    response: z.object({ name: z.string(), count: z.number() }),
    handler: 'test/probe',
    tenant: { kind: 'none' },
    audit: 'none',
    thing: 'probe',
  },
});

function event(thingId: string, headers: Record<string, string> = {}): APIGatewayProxyEventV2WithJWTAuthorizer {
  return {
    version: '2.0',
    routeKey: 'GET /probe/{thingId}',
    rawPath: `/probe/${thingId}`,
    rawQueryString: '',
    headers,
    pathParameters: { thingId },
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: 'test',
      routeKey: 'GET /probe/{thingId}',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      http: { method: 'GET', path: `/probe/${thingId}`, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: {}, scopes: [] } },
    },
  };
}

const context = { functionName: 'probe', awsRequestId: 'test', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

async function invoke(answer: unknown, thingId = 'abc') {
  const handler = endpoint(probe, ({ params }) => {
    expect(params.thingId).toBe(thingId);
    return answer as { name: string; count: number };
  });
  const result = await handler(event(thingId), context);
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') as unknown };
}

it('answers what the response schema accepts', async () => {
  expect(await invoke({ name: 'a', count: 1 })).toEqual({ status: 200, body: { name: 'a', count: 1 } });
});

it('drops keys the response schema does not declare, so nothing undeclared leaves the server', async () => {
  expect(await invoke({ name: 'a', count: 1, SocialId: '123456789' })).toEqual({ status: 200, body: { name: 'a', count: 1 } });
});

it('turns an answer the schema refuses into a 500 without detail', async () => {
  expect(await invoke({ name: 'a', count: 'many' })).toEqual({ status: 500, body: { message: [messages.errors.internal] } });
});

it('refuses a path parameter longer than any id as not found', async () => {
  expect(await invoke({ name: 'a', count: 1 }, 'x'.repeat(200))).toEqual({ status: 404, body: { message: [messages.errors.notFound] } });
});

describe('on AWS, only through CloudFront', () => {
  // Secrets Manager has no local twin: its answer is mocked, the chain is real.
  const secrets = mockClient(SecretsManagerClient);
  beforeEach(() => {
    forgetCachedValues();
    secrets.reset();
    secrets.on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' }).resolves({ SecretString: 'cloudfront-secret' });
    secrets.on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' }).rejects(Object.assign(new Error('none'), { name: 'ResourceNotFoundException' }));
    process.env.ORIGIN_VERIFY_SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:origin';
  });
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
  });
  afterAll(() => secrets.restore());

  const handler = endpoint(probe, () => ({ name: 'a', count: 1 }));

  it("refuses a request to the API's own endpoint, without CloudFront's header, before the handler runs", async () => {
    const result = await handler(event('abc'), context);
    expect(result.statusCode).toBe(403);
    const forged = await handler(event('abc', { 'x-origin-verify': 'guess' }), context);
    expect(forged.statusCode).toBe(403);
  });

  it('answers a request that came through CloudFront', async () => {
    const result = await handler(event('abc', { 'x-origin-verify': 'cloudfront-secret' }), context);
    expect(result.statusCode).toBe(200);
  });
});
