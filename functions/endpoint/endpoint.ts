import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import createHttpError, { isHttpError } from 'http-errors';
import { ZodError } from 'zod';
import type { BodyOf, ParamsOf, QueryOf, ResponseInputOf, RouteDefinition, SessionRoute } from '@shared/api/route-definition';
import { fieldMessages } from '@shared/api/field-messages';
import { API_BASE, gatewayPath } from '@shared/api/paths';
import * as messages from '@shared/messages';
import { patientTenantKeys } from '../data/patient-keys';
import { isInvalidCursor } from '../data/page';
import { usersRepository } from '../data/users-repository';
import { AuditTrail } from '../audit/audit-trail';
import { identityFromClaims, type Caller } from '../lib/caller';
import { notFound, type ErrorBody } from '../lib/errors';
import { requireHuman } from '../lib/human-verification';
import { isFromCloudFront } from '../lib/origin-verify';
import { optionalEnv } from '../lib/environment';
import { logger } from '../lib/powertools';
import { maySignIn } from '../identity/may-sign-in';
import { inScope } from '../lib/scope';
import { isSessionEnded, isTwoFactorSession, requireTwoFactorSession, requireTwoFactorSetUp } from '../identity/session-check';
import { compressAnswer } from './compression';

/** Bodies above this size are refused before parsing; images go straight to storage, not through the API. */
const MAX_BODY_BYTES = 256 * 1024;
/** Ids in paths are ours (UUIDs, serial numbers): anything longer is not one. */
const MAX_PATH_PARAMETER_LENGTH = 128;

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyStructuredResultV2;

type CallerOf<R extends RouteDefinition> = R extends SessionRoute ? Caller : undefined;
type AuditOf<R extends RouteDefinition> = R extends SessionRoute ? AuditTrail : undefined;
type TokenOf<R extends RouteDefinition> = R['token'] extends 'none' ? undefined : string;

/** Where a request came from, for the audit trail and rate limits. */
export interface RequestSource {
  ip: string;
  userAgent?: string;
}

/** What a handler's business function receives: parsed, validated and scoped input. */
export interface EndpointRequest<R extends RouteDefinition> {
  body: BodyOf<R>;
  /** The path's parameters, decoded and present (typed from the route's path). */
  params: ParamsOf<R>;
  /** The query string, parsed by the route's query schema. */
  query: QueryOf<R>;
  /** The signed-in caller (session routes): its id, role and tenant from its record. */
  caller: CallerOf<R>;
  /** The bearer token as sent: the session's access token, or the pending step's token. */
  token: TokenOf<R>;
  source: RequestSource;
  /** The request's audit trail (session routes): services record their writes and reads of patient data in it. */
  audit: AuditOf<R>;
  event: Event;
}

interface State {
  caller?: Caller;
  body?: unknown;
  query?: unknown;
  token?: string;
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

/** The bearer token of the request: a session token, or a pending sign-in step's token. */
export function bearerToken(event: Event): string | undefined {
  const header = event.headers?.authorization ?? '';
  return /^Bearer (.+)$/i.exec(header)?.[1];
}

let secretsClient: SecretsManagerClient | undefined;

/**
 * On AWS, only through CloudFront (and so its WAF): a request to the API's own endpoint without
 * CloudFront's origin-verify header is refused before anything else runs. The public routes' Lambda
 * authorizer checks the same at the gateway; signed-in routes have the JWT authorizer, so the
 * check for them is here. Locally (no ORIGIN_VERIFY_SECRET_ARN) there is no CloudFront to check.
 */
function throughCloudFront(): MiddlewareObj<Event, Result> {
  return {
    before: async ({ event }) => {
      const secretId = optionalEnv('ORIGIN_VERIFY_SECRET_ARN');
      if (!secretId) return;
      secretsClient ??= new SecretsManagerClient({});
      if (!(await isFromCloudFront(event.headers, secretId, secretsClient))) throw createHttpError(403, messages.errors.malformedRequest);
    },
  };
}

/** Pending steps (2FA, create-password) carry their signed temporary token as the bearer. */
function pendingToken(): MiddlewareObj<Event, Result> {
  return {
    before: ({ event }) => {
      const token = bearerToken(event);
      if (!token) throw createHttpError(401, messages.session.authenticationError);
      stateOf(event).token = token;
    },
  };
}

/**
 * Role scope (DESIGN.md section 4, layer 2): the token's role is one of the route's, the `self`
 * parameter is the caller's id, the caller's record exists and is enabled, the session has not
 * ended (session-check.ts), and an administrator who must use two-factor sign-in has set it up.
 * The record gives the tenant the services scope to.
 */
function roleScope(route: SessionRoute): MiddlewareObj<Event, Result> {
  return {
    before: async ({ event }) => {
      const identity = identityFromClaims(event);
      if (!identity) throw createHttpError(401, messages.session.authenticationError);
      // Made when thrown: an error captures its stack, which every allowed call would pay for.
      const refused = () => createHttpError(403, messages.errors.noAccess(route.thing));
      if (!route.roles.includes(identity.role)) throw refused();
      if (route.self && event.pathParameters?.[route.self] !== identity.userId) throw refused();
      const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
      const [user, ended, twoFactorSession] = await Promise.all([
        usersRepository.get(identity.userId),
        isSessionEnded(identity.userId, claims),
        isTwoFactorSession(identity.role, identity.userId, claims),
      ]);
      if (!user) throw refused();
      if (!maySignIn(user)) throw createHttpError(403, messages.session.userDisabled);
      if (ended) throw createHttpError(401, messages.session.authenticationError);
      requireTwoFactorSetUp(route, { Role: identity.role, TwoFactorEnabled: user.TwoFactorEnabled });
      requireTwoFactorSession(route, { Role: identity.role, TwoFactorEnabled: user.TwoFactorEnabled }, twoFactorSession);
      const state = stateOf(event);
      state.token = bearerToken(event);
      state.caller = {
        userId: identity.userId,
        role: identity.role,
        serviceProviderId: user.ServiceProviderID,
        clinicId: user.ClinicID,
      };
    },
  };
}

/** Path parameters are present and id-sized; the query and the body are parsed with the route's schemas. */
function validation(route: RouteDefinition): MiddlewareObj<Event, Result> {
  return {
    before: async ({ event }) => {
      for (const value of Object.values(event.pathParameters ?? {})) {
        if (!value || value.length > MAX_PATH_PARAMETER_LENGTH) throw createHttpError(404, messages.errors.notFound);
      }
      const state = stateOf(event);
      state.query = route.query ? route.query.parse(definedValues(event.queryStringParameters)) : {};
      if (!route.body) return;
      const parsed = route.body.safeParse(withoutTenantEchoes(route, state.body ?? {}, state.caller));
      if (!parsed.success) {
        await refuseOutOfReachPatient(route, event, state.caller);
        throw parsed.error;
      }
      state.body = parsed.data;
    },
  };
}

/**
 * The spec's tenant fields a body may echo (route.tenantEchoes): dropped when they name the
 * caller's own provider or clinic, 404 when they name another (or the caller has none), so a
 * client built from the spec is served and another tenant's ids cannot be probed or slipped in.
 */
function withoutTenantEchoes(route: RouteDefinition, body: unknown, caller: Caller | undefined): unknown {
  if (route.token !== 'session' || !route.tenantEchoes || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const own: Record<string, string | undefined> = { ServiceProviderID: caller?.serviceProviderId, ClinicID: caller?.clinicId };
  const rest: Record<string, unknown> = { ...body };
  for (const field of route.tenantEchoes) {
    if (!(field in rest)) continue;
    if (own[field] === undefined || rest[field] !== own[field]) throw notFound();
    delete rest[field];
  }
  return rest;
}

/**
 * A refused body on a route whose target is a patient: another clinic's patient answers 404
 * first, as a valid body would get from the service (DESIGN.md section 4: out of reach is "not
 * found" whatever else is wrong). Costs one read, and only on a refused request.
 */
async function refuseOutOfReachPatient(route: RouteDefinition, event: Event, caller: Caller | undefined): Promise<void> {
  if (route.token !== 'session' || !caller || route.tenant.kind !== 'patient') return;
  const patientId = event.pathParameters?.[route.tenant.param];
  if (patientId) inScope(caller, 'patient', await patientTenantKeys(patientId));
}

/** Human verification (reCAPTCHA on AWS, the local verifier locally) for the routes that declare it. */
function humanCheck(): MiddlewareObj<Event, Result> {
  return {
    before: async ({ event }) => {
      const body = stateOf(event).body as { reCaptchaToken?: string } | undefined;
      await requireHuman(body?.reCaptchaToken, event.requestContext.http.sourceIp);
    },
  };
}

function zodErrorBody(error: ZodError): ErrorBody {
  return { message: error.issues.map((issue) => issue.message), fields: fieldMessages(error) };
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
      } else if (isInvalidCursor(error)) {
        // A list's cursor that no list of ours wrote, or one of another partition or range (DynamoDB refuses it): the caller's mistake.
        statusCode = 400;
        body = { message: [messages.errors.malformedRequest] };
      } else {
        statusCode = 500;
        body = { message: [messages.errors.internal] };
        logger.error('unhandled error', error as Error);
      }
      // A refusal is logged by its issue codes and fields, never its messages: zod's own messages
      // (an enum mismatch, say) can echo what the caller sent, which may be patient data.
      if (statusCode < 500) {
        const issues = error instanceof ZodError ? error.issues.map((issue) => ({ code: issue.code, path: issue.path.join('.') })) : undefined;
        logger.info('request refused', { statusCode, issues });
      }
      request.response = jsonResponse(statusCode, body);
    },
  };
}

export function jsonResponse(statusCode: number, body: unknown, contentType = 'application/json'): Result {
  return {
    statusCode,
    headers: { 'content-type': contentType, 'cache-control': 'no-store' },
    body: JSON.stringify(body ?? null),
  };
}

/** Thrown when a handler answers what its route's response schema refuses: a bug of ours, a 500. */
export class ResponseContractError extends Error {
  constructor(route: RouteDefinition, error: ZodError) {
    super(
      `${route.method} ${route.path} answered outside its response schema: ${error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
    this.name = 'ResponseContractError';
  }
}

/**
 * A business function as the Lambda handler of one route, with the chain every endpoint shares:
 * logging, errors in the spec's shape, headers, the answer compressed, the CloudFront check, the
 * JSON body, the route's token, validation, the human check, the function, the audit trail as
 * declared, and the answer parsed with the route's response schema (nothing undeclared leaves the
 * server).
 */
export function endpoint<R extends RouteDefinition>(
  route: R,
  run: (request: EndpointRequest<R>) => Promise<ResponseInputOf<R>> | ResponseInputOf<R>,
): middy.MiddyfiedHandler<Event, Result, Error, Context> {
  const chain = middy<Event, Result, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use({
      before: ({ event }) => {
        logger.appendKeys({ requestId: event.requestContext?.requestId, route: `${route.method} ${route.path}` });
      },
    })
    .use(errorMapper())
    .use(httpHeaderNormalizer())
    .use(compressAnswer())
    .use(throughCloudFront())
    .use(jsonBody(route));
  if (route.token === 'session') chain.use(roleScope(route));
  if (route.token === 'pending') chain.use(pendingToken());
  chain.use(validation(route));
  if (route.human) chain.use(humanCheck());
  return chain.handler(async (event) => {
    const { body, caller, token, query } = stateOf(event);
    const source = { ip: event.requestContext.http.sourceIp, userAgent: event.headers?.['user-agent'] };
    const audit =
      caller && new AuditTrail({ caller, route: `${route.method} ${route.path}`, sourceIp: source.ip, userAgent: source.userAgent, declared: route.audit });
    const result = await run({
      body: body as BodyOf<R>,
      caller: caller as CallerOf<R>,
      token: token as TokenOf<R>,
      params: definedValues(event.pathParameters) as ParamsOf<R>,
      query: query as QueryOf<R>,
      source,
      audit: audit as AuditOf<R>,
      event,
    });
    // The read records go out first, and the answer is checked and serialised while DynamoDB
    // stores them: it leaves only once they are stored, as before, a round trip's CPU sooner.
    const stored = audit?.complete();
    if (stored) await requestSent(stored);
    const answer = route.response.safeParse(result);
    const response = answer.success ? jsonResponse(200, answer.data, route.contentType) : undefined;
    await stored;
    if (!answer.success) throw new ResponseContractError(route, answer.error);
    return response!;
  });
}

/**
 * Resolves once `pending` has sent its request (or settled): the SDK's middleware chain runs on
 * promise jobs, so CPU-bound work started right away would hold the request back until it ends.
 * One turn of the event loop (setImmediate) lets every promise job run first; a rejection is
 * left to whoever awaits `pending`.
 */
function requestSent(pending: Promise<unknown>): Promise<void> {
  return Promise.race([pending.then(noop, noop), new Promise<void>((resolve) => setImmediate(resolve))]);
}

const noop = () => undefined;

function definedValues(record: Record<string, string | undefined> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(record ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * One handler module for the routes of one staff call (spec section 7 writes each under
 * /clinicsDirector/{id}, /doctors/{id} and /nurses/{id}): each route keeps its own chain (its
 * role, `self` check and audit), and the request's route key picks which one runs. Each route's
 * Lambda is built from this module, so a request can only ever reach the routes of its call.
 */
export function staffEndpoint<R extends RouteDefinition>(
  group: readonly R[],
  run: (request: EndpointRequest<R>) => Promise<ResponseInputOf<R>> | ResponseInputOf<R>,
): (event: Event, context: Context) => Promise<Result> {
  // Keyed as API Gateway writes the event's routeKey (gatewayPath); the local gateway's keys match too.
  const chains = new Map(group.map((route) => [`${route.method} ${gatewayPath(route.path)}`, endpoint(route, run)]));
  return async (event, context) => {
    const [method = '', path = ''] = (event.routeKey ?? '').split(' ');
    const chain = chains.get(`${method} ${gatewayPath(path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path)}`);
    if (!chain) throw new Error(`No route of this call answers ${event.routeKey}`);
    return chain(event, context);
  };
}
