import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import createHttpError, { isHttpError } from 'http-errors';
import { ZodError, type z } from 'zod';
import type { RouteDefinition } from '../../shared/api/routes';
import { messages } from '../../shared/messages';
import { usersRepository } from '../data/users-repository';
import { identityFromClaims, type Caller } from './caller';
import type { ErrorBody } from './errors';
import { isSessionEnded, requireTwoFactorSetUp } from './session-check';

export const logger = new Logger({ serviceName: 'pd-portal-api' });

/** Bodies above this size are refused before parsing; images go straight to storage, not through the API. */
const MAX_BODY_BYTES = 256 * 1024;

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyStructuredResultV2;

type BodyOf<R extends RouteDefinition> = R['body'] extends z.ZodTypeAny ? z.infer<R['body']> : undefined;
type CallerOf<R extends RouteDefinition> = R['roles'] extends 'public' ? undefined : Caller;

/** What a handler's business function receives: parsed, validated and scoped input. */
export interface EndpointRequest<R extends RouteDefinition> {
  body: BodyOf<R>;
  params: Record<string, string>;
  query: Record<string, string>;
  caller: CallerOf<R>;
  event: Event;
}

interface State {
  caller?: Caller;
  body?: unknown;
}

/** What the middlewares learned about a request, handed to the business function. */
const requestState = new WeakMap<Event, State>();

function stateOf(event: Event): State {
  let state = requestState.get(event);
  if (!state) requestState.set(event, (state = {}));
  return state;
}

const JSON_CONTENT_TYPE = /^application\/(.+\+)?json($|;.+)/;

/**
 * Reads the JSON body: oversized bodies are refused before parsing, a body needs a JSON content
 * type, malformed JSON is a 400, and routes that take no body accept none (or an empty object).
 */
function jsonBody(route: RouteDefinition): MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      const raw = event.body === undefined ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString() : event.body;
      if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw createHttpError(413, messages.errors.malformedRequest);
      if (raw.trim() === '') return;
      if (!JSON_CONTENT_TYPE.test(event.headers?.['content-type'] ?? '')) {
        throw createHttpError(415, messages.errors.malformedRequest);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw createHttpError(400, messages.errors.malformedRequest);
      }
      const isEmptyObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.keys(parsed).length === 0;
      if (!route.body && !isEmptyObject) throw createHttpError(400, messages.errors.malformedRequest);
      stateOf(event).body = parsed;
    },
  };
}

/**
 * Role scope (DESIGN.md section 4, layer 2): the token's role must be one of the route's, the
 * `self` path parameter must be the caller's own id, and the caller's record must exist and be
 * enabled, the token's session must not have ended (session-check.ts), and an administrator who
 * must use two-factor sign-in must have set it up. The record also gives the tenant the handlers scope their reads and writes to.
 */
function roleScope(route: RouteDefinition): MiddlewareObj<Event, Result> {
  return {
    before: async (request) => {
      if (route.roles === 'public') return;
      const identity = identityFromClaims(request.event);
      if (!identity) throw createHttpError(401, messages.session.authenticationError);
      if (!route.roles.includes(identity.role)) throw createHttpError(403, messages.errors.noPermission);
      if (route.self && request.event.pathParameters?.[route.self] !== identity.userId) {
        throw createHttpError(403, messages.errors.noPermission);
      }
      const claims = request.event.requestContext.authorizer?.jwt?.claims ?? {};
      const [user, ended] = await Promise.all([usersRepository.get(identity.userId), isSessionEnded(identity.userId, claims)]);
      if (ended) throw createHttpError(401, messages.session.authenticationError);
      if (!user) throw createHttpError(403, messages.errors.noPermission);
      if (!user.IsEnabled) throw createHttpError(403, messages.session.userDisabled);
      requireTwoFactorSetUp(route, { Role: identity.role, TwoFactorEnabled: user.TwoFactorEnabled });
      stateOf(request.event).caller = {
        userId: identity.userId,
        role: identity.role,
        serviceProviderId: user.ServiceProviderID,
        clinicId: user.ClinicID,
      };
    },
  };
}

function validation(route: RouteDefinition): MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      if (!route.body) return;
      const state = stateOf(event);
      state.body = route.body.parse(state.body ?? {});
    },
  };
}

function zodErrorBody(error: ZodError): ErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= issue.message;
  }
  return { message: error.issues.map((issue) => issue.message), fields };
}

/** Maps every failure to the spec's error shape; unexpected ones are logged and answered without detail. */
function errorMapper(): MiddlewareObj<Event, Result> {
  return {
    onError: (request) => {
      const { error } = request;
      let statusCode: number;
      let body: ErrorBody;
      if (error instanceof ZodError) {
        statusCode = 400;
        body = zodErrorBody(error);
      } else if (isHttpError(error) && error.expose) {
        statusCode = error.statusCode;
        body = { message: [error.message] };
      } else {
        statusCode = 500;
        body = { message: [messages.errors.internal] };
        logger.error('unhandled error', error as Error);
      }
      if (statusCode < 500) logger.info('request refused', { statusCode, message: body.message });
      request.response = jsonResponse(statusCode, body);
    },
  };
}

/** The bearer token of the request: a session token, or a pending sign-in step's token. */
export function bearerToken(event: Event): string | undefined {
  const header = event.headers?.authorization ?? '';
  return /^Bearer (.+)$/i.exec(header)?.[1];
}

export function jsonResponse(statusCode: number, body: unknown): Result {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(body ?? null),
  };
}

/**
 * Wraps a business function as a Lambda handler for one route of the route table, with the
 * chain every endpoint shares: request-id logging → header normalisation → JSON body (size, type, parse)
 * → role scope → zod validation → the function → errors mapped to the spec's shape.
 */
export function endpoint<R extends RouteDefinition>(
  route: R,
  run: (request: EndpointRequest<R>) => Promise<unknown>,
): middy.MiddyfiedHandler<Event, Result, Error, Context> {
  return middy<Event, Result, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use({
      before: ({ event }) => {
        logger.appendKeys({ requestId: event.requestContext?.requestId, route: `${route.method} ${route.path}` });
      },
    })
    .use(errorMapper())
    .use(httpHeaderNormalizer())
    .use(jsonBody(route))
    .use(roleScope(route))
    .use(validation(route))
    .handler(async (event) => {
      const { body, caller } = stateOf(event);
      const result = await run({
        body: body as BodyOf<R>,
        caller: caller as CallerOf<R>,
        params: definedValues(event.pathParameters),
        query: definedValues(event.queryStringParameters),
        event,
      });
      return jsonResponse(200, result);
    });
}

function definedValues(record: Record<string, string | undefined> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(record ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
