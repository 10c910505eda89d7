import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { preferredEncoding } from '@functions/endpoint/compression';
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

describe('answers compressed as the caller accepts', () => {
  // A patient list's size: the saving is what a clinic's slow line gains.
  const large = { name: 'Patient '.repeat(1000), count: 200 };
  const handler = endpoint(probe, ({ params }) => (params.thingId === 'small' ? { name: 'a', count: 1 } : large));
  const call = (thingId: string, acceptEncoding?: string) =>
    handler(event(thingId, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), context);
  const decoded = (result: { body?: string; headers?: Record<string, unknown> }) => {
    const bytes = Buffer.from(result.body ?? '', 'base64');
    const encoding = result.headers?.['content-encoding'];
    return JSON.parse((encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString()) as unknown;
  };

  it('sends a large answer with brotli when the browser accepts it, and the same JSON arrives', async () => {
    const result = await call('abc', 'gzip, deflate, br, zstd');
    expect(result).toMatchObject({ statusCode: 200, isBase64Encoded: true, headers: { 'content-encoding': 'br', vary: 'accept-encoding' } });
    expect(decoded(result)).toEqual(large);
    expect(Buffer.from(result.body!, 'base64').length).toBeLessThan(JSON.stringify(large).length / 10);
  });

  it('sends gzip to a caller that accepts only gzip, or refuses brotli', async () => {
    for (const accepted of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const result = await call('abc', accepted);
      expect(result.headers).toMatchObject({ 'content-encoding': 'gzip' });
      expect(decoded(result)).toEqual(large);
    }
  });

  it('sends the answer as it is to a caller that accepts no encoding we have, and a small answer always', async () => {
    for (const [thingId, accepted] of [
      ['abc', undefined],
      ['abc', 'identity'],
      ['abc', 'gzip;q=0, br;q=0'],
      ['abc', 'deflate'],
      ['small', 'gzip, br'],
    ] as const) {
      const result = await call(thingId, accepted);
      expect(result.isBase64Encoded).toBeFalsy();
      expect(result.headers?.['content-encoding']).toBeUndefined();
      expect(result.headers?.vary).toBe('accept-encoding');
      expect(JSON.parse(result.body!)).toEqual(thingId === 'small' ? { name: 'a', count: 1 } : large);
    }
  });
});

describe('preferredEncoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, br;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate, identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s gives %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
