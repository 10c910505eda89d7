import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context, Handler } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { API_BASE } from '@shared/api/paths';
import { routes, type RouteDefinition, type RouteId } from '@shared/api/routes';
import * as messages from '@shared/messages';
import { decodedOrUndefined } from './url-path';

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyStructuredResultV2;
type JwtPayload = Record<string, unknown>;

const HANDLERS_DIR = path.resolve(__dirname, '../../functions/handlers');
const MAX_BODY_BYTES = 10 * 1024 * 1024; // API Gateway's own payload limit

interface CompiledRoute {
  id: RouteId;
  route: RouteDefinition;
  pattern: RegExp;
  paramNames: string[];
}

function compile(id: RouteId, route: RouteDefinition): CompiledRoute {
  const paramNames: string[] = [];
  const source = (API_BASE + route.path).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
    paramNames.push(name);
    return '([^/]+)';
  });
  return { id, route, pattern: new RegExp(`^${source}$`), paramNames };
}

/**
 * Verifies a Cognito access or ID token as API Gateway's JWT authorizer does: signature against
 * the pool's JWKS, issuer, expiry, and the app client in `aud` or `client_id`.
 */
export async function createTokenVerifier(options: { cognitoUrl: string; userPoolId: string; clientId: string }) {
  const issuer = `${options.cognitoUrl}/${options.userPoolId}`;
  const jwksUri = `${issuer}/.well-known/jwks.json`;
  const verifier = JwtRsaVerifier.create({
    issuer,
    audience: null,
    jwksUri,
    customJwtCheck: ({ payload }) => {
      if (payload.aud !== options.clientId && payload.client_id !== options.clientId) throw new Error('Token is for another client');
    },
  });
  // aws-jwt-verify fetches key sets over https only; cognito-local serves plain http, so load it here.
  const response = await fetch(jwksUri);
  verifier.cacheJwks(await response.json());
  return (token: string) => verifier.verify(token) as Promise<JwtPayload>;
}

/** API Gateway hands claims to the Lambda as strings, arrays as `[a b]`; this does the same. */
function claimsAsApiGatewayGivesThem(payload: JwtPayload): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, Array.isArray(value) ? `[${value.join(' ')}]` : String(value)]));
}

function localContext(id: RouteId, requestId: string): Context {
  const functionName = `local-${id}`;
  return {
    awsRequestId: requestId,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error('Request Entity Too Large'), { statusCode: 413 }));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, statusCode: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(statusCode, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

export type TokenVerifier = (token: string) => Promise<JwtPayload>;

/**
 * The local twin of API Gateway: matches a request to the route table, authorizes it like the
 * JWT authorizer, builds the API Gateway v2 event and invokes the route's handler in-process.
 * Answers with the same bodies API Gateway gives for its own refusals.
 */
export function createApiGateway(verifyToken: TokenVerifier, options: { unavailable?: () => string | undefined } = {}) {
  const compiled = (Object.entries(routes) as Array<[RouteId, RouteDefinition]>).map(([id, route]) => compile(id, route));
  const handlers = new Map<RouteId, Promise<Handler<Event, Result>>>();

  const handlerFor = (match: CompiledRoute) => {
    let handler = handlers.get(match.id);
    if (!handler) {
      handler = import(path.join(HANDLERS_DIR, match.route.handler)).then((module: { handler: Handler<Event, Result> }) => module.handler);
      handlers.set(match.id, handler);
    }
    return handler;
  };

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const candidates = compiled.filter((c) => c.pattern.test(url.pathname));
    const match = candidates.find((c) => c.route.method === method);
    if (!match) {
      send(res, 404, JSON.stringify({ message: 'Not Found' }));
      return;
    }

    // While DynamoDB Local or cognito-local restarts, one clear answer instead of failing handlers.
    const answerUnavailable = () =>
      send(res, 503, JSON.stringify({ message: [messages.errors.unavailable] }), { 'retry-after': '5', 'cache-control': 'no-store' });
    if (options.unavailable?.()) return answerUnavailable();

    const values = match.pattern.exec(url.pathname)!.slice(1).map(decodedOrUndefined);
    if (values.includes(undefined)) {
      send(res, 400, JSON.stringify({ message: [messages.errors.malformedRequest] }));
      return;
    }

    let claims: Record<string, string> | undefined;
    if (match.route.token === 'session') {
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? req.headers.authorization;
      try {
        if (!token) throw new Error('no token');
        claims = claimsAsApiGatewayGivesThem(await verifyToken(token));
      } catch {
        send(res, 401, JSON.stringify({ message: 'Unauthorized' }), { 'www-authenticate': 'Bearer' });
        return;
      }
    }

    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      send(res, 413, JSON.stringify({ message: 'Request Entity Too Large' }));
      return;
    }

    const pathParameters = Object.fromEntries(match.paramNames.map((name, i) => [name, values[i]!]));
    const requestId = randomUUID();
    const headers = Object.fromEntries(
      Object.entries(req.headers)
        .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
    );
    const now = new Date();
    const event: Event = {
      version: '2.0',
      routeKey: `${match.route.method} ${API_BASE}${match.route.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      pathParameters: match.paramNames.length ? pathParameters : undefined,
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
        domainName: url.host,
        domainPrefix: url.hostname,
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: req.headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: `${match.route.method} ${API_BASE}${match.route.path}`,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
      },
    };
    if (match.route.token !== 'session') delete (event.requestContext as Partial<Event['requestContext']>).authorizer;

    try {
      const handler = await handlerFor(match);
      const result = (await handler(event, localContext(match.id, requestId), () => undefined)) as Result;
      // A part that died while the handler ran failed it: the same clear answer as for a request that came after.
      if ((result.statusCode ?? 200) >= 500 && options.unavailable?.()) return answerUnavailable();
      const responseHeaders = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]));
      const responseBody = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? '');
      res.writeHead(result.statusCode ?? 200, { ...responseHeaders, 'apigw-requestid': requestId });
      res.end(responseBody);
    } catch (error) {
      if (options.unavailable?.()) return answerUnavailable();
      // What API Gateway answers when the Lambda itself fails.
      console.error(`[api] ${match.id} failed`, error);
      send(res, 500, JSON.stringify({ message: 'Internal Server Error' }));
    }
  };
}
