import type { z } from 'zod';
import type { Role } from '../roles';

/**
 * What one route of the API is: the contract the CDK stacks, the local gateway, the web client,
 * the endpoint chain and the tests read. Areas keep their routes in `routes/<area>.ts`; the index
 * (`routes.ts`) joins them. docs/add-a-route.md walks through adding one.
 */

/** The API's areas: each is its own file of routes and its own CDK stack. */
export const API_AREAS = ['session', 'settings', 'clinical', 'treatment', 'administration', 'users', 'devices'] as const;
export type ApiArea = (typeof API_AREAS)[number];

/**
 * What a route's Lambda may touch beyond reading the table (every route reads the caller's
 * record). The CDK stack grants exactly these, so each Lambda has least privilege.
 */
export type RouteAccess =
  | 'table-write'
  | 'cognito-auth'
  | 'cognito-admin'
  | 'cognito-sessions'
  /** Changes a user's e-mail, groups and enabled flag, and signs the user out everywhere (…/updateUser/{id}). */
  | 'cognito-user-admin'
  | 'iot-publish'
  /** Finds the caller's identity-pool identity and attaches its tenant's IoT policy for the live screens (functions/identity/live-identity.ts). */
  | 'live-grant'
  /** Publishes the live screens' change notices (functions/devices/change-notice.ts) of what it stored. */
  | 'live-notify'
  /** Registers a device with IoT Core: its thing, certificate and the device policy on it, and their undoing. */
  | 'iot-register'
  | 'mail'
  | 'human-verification'
  /** Signs upload links for the clinics' logos (s3:PutObject under `clinics/`). */
  | 'clinic-logo-upload'
  /** Signs links to read the clinics' logos (s3:GetObject under `clinics/`). */
  | 'clinic-logo-read'
  /** Removes a clinic's logo an update replaced (s3:DeleteObject under `clinics/`). */
  | 'clinic-logo-delete'
  /** The same three for the providers' logos, under `providers/`. */
  | 'provider-logo-upload'
  | 'provider-logo-read'
  | 'provider-logo-delete';

/**
 * The first part of a partition key (`USER#<id>` → 'USER'; 'GLOBAL' (the global settings), 'STATS'
 * and 'META' are whole keys),
 * of the table or, for a GSI query, of the index. The CDK stack turns a route's prefixes into
 * `dynamodb:LeadingKeys` conditions, so its Lambda can reach no other items;
 * test/infra/leading-keys.test.ts runs the handlers and fails when one touches a partition its route does not name.
 */
export type KeyPrefix =
  | 'USER'
  | 'EMAIL'
  | 'REVOKED'
  | 'SIGNIN'
  | 'GLOBAL'
  | 'STATS'
  | 'META'
  | 'COUNTER'
  | 'SP'
  | 'CLINIC'
  | 'PATIENT'
  | 'DOCTOR'
  | 'DEVICE'
  | 'SERIAL'
  | 'DEADLETTER'
  | 'TYPE'
  | 'CLINICS'
  | 'DEVICES'
  | 'PATIENTS'
  | 'USERS'
  | 'DUE'
  | 'DUECURSOR'
  | 'SESSION'
  | 'REFRESH'
  | 'PENDING'
  | 'RECOVERY'
  | 'RATE'
  | 'AUDIT'
  | 'SOCIALID';

/**
 * Which token a route takes:
 * - `session`: a signed-in user's access token (the JWT authorizer checks it; the chain checks role and tenant);
 * - `pending`: the signed temporary token of a sign-in step (2FA, create-password), sent as the bearer;
 * - `none`: nothing (sign-in, recovery, refresh).
 */
export type RouteToken = 'session' | 'pending' | 'none';

/**
 * What the route reaches beyond the caller (DESIGN.md section 4, layer 3): `none` (sign-in steps,
 * the own session), `platform` (what every signed-in user reads), `own` (the caller's tenant, from
 * its record), or the entity whose id is in the path parameter `param`, which the service checks
 * with functions/lib/scope.ts (404 when out of reach; the authorization test tries another tenant's).
 */
export type RouteTenant =
  { kind: 'none' } | { kind: 'platform' } | { kind: 'own' } | { kind: 'provider' | 'clinic' | 'user' | 'patient' | 'device'; param: string };

/**
 * What the route leaves in the audit trail (DESIGN.md section 5): `write` routes change data and
 * record who changed what in the same transaction; `read` routes record who read a patient's data;
 * `security` routes (sign-in and its steps) write security events of their own to the trail
 * (functions/services/security-events.ts); `none` is for routes that touch neither.
 */
export type RouteAudit = 'none' | 'read' | 'write' | 'security';

interface RouteBase {
  method: 'GET' | 'POST';
  /** Path under API_BASE, with `{param}` placeholders, exactly as spec section 7 writes it. */
  path: string;
  /** Request body schema; a route without one accepts no body (or an empty object). */
  body?: z.ZodTypeAny;
  /** Query-string schema (filters, `limit`, `cursor` of a paged list); a route without one ignores the query. */
  query?: z.ZodTypeAny;
  /**
   * What the route answers on success. The endpoint chain parses every answer with it (unknown
   * keys are dropped, so nothing undeclared leaves the server) and the web client's types come from it.
   */
  response: z.ZodTypeAny;
  /** The success answer's media type when it is not plain JSON (a FHIR Bundle is `application/fhir+json`); errors stay JSON. */
  contentType?: 'application/fhir+json';
  /** Module under functions/handlers/ that exports `handler`. */
  handler: string;
  access?: readonly RouteAccess[];
  /** Partitions the handler reads (the session check's `USER` and `REVOKED` are added for every session route). */
  keys?: readonly KeyPrefix[];
  /** Partitions the handler writes, with 'table-write' access. */
  writeKeys?: readonly KeyPrefix[];
  tenant: RouteTenant;
  audit: RouteAudit;
  /** The body's `reCaptchaToken` is checked by the human-verification middleware before the handler runs. */
  human?: true;
  /** What the spec's refusal names: "Error: signed user don't have access to {thing}." */
  thing: string;
}

/** The spec's tenant fields (section 3) that a client built from the spec may echo in a body. */
export type TenantEchoField = 'ServiceProviderID' | 'ClinicID';

export interface SessionRoute extends RouteBase {
  token: 'session';
  /** Roles allowed to call. */
  roles: readonly Role[];
  /** The path parameter that must be the caller's own user id (role scope, DESIGN.md section 4). */
  self?: string;
  /**
   * The tenant fields the spec's entity of the body carries (a patient's ClinicID): a body may
   * send them naming the caller's own provider or clinic (then they are dropped before the schema
   * reads the body); naming another answers 404, as an id out of reach does (DESIGN.md section 10).
   */
  tenantEchoes?: readonly TenantEchoField[];
}

export interface PublicRoute extends RouteBase {
  token: 'pending' | 'none';
}

export type RouteDefinition = SessionRoute | PublicRoute;

/** The names of a path's `{param}`s, as a type: `ParamNames<'/users/{userId}/x'>` is `'userId'`. */
export type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** A route's path parameters, typed from its path: present and decoded, never `params.x!`. */
export type ParamsOf<R extends RouteDefinition> = { [K in ParamNames<R['path']>]: string };

/** The parsed body a handler receives. */
export type BodyOf<R extends RouteDefinition> = R['body'] extends z.ZodTypeAny ? z.infer<R['body']> : undefined;

/** The parsed query a handler receives. */
export type QueryOf<R extends RouteDefinition> = R['query'] extends z.ZodTypeAny ? z.infer<R['query']> : Record<string, never>;

/** The query a client sends. */
export type QueryInputOf<R extends RouteDefinition> = R['query'] extends z.ZodTypeAny ? z.input<R['query']> : undefined;

/** The body a client sends (before the schema's transforms). */
export type BodyInputOf<R extends RouteDefinition> = R['body'] extends z.ZodTypeAny ? z.input<R['body']> : undefined;

/** What a handler may return: the response schema's input (the chain parses it to the output). */
export type ResponseInputOf<R extends RouteDefinition> = z.input<R['response']>;

/** What a client receives. */
export type ResponseOf<R extends RouteDefinition> = z.infer<R['response']>;

/** Checks an area's table against the contract while keeping each entry's literal type. */
export const defineRoutes = <const T extends Record<string, RouteDefinition>>(routes: T): T => routes;
