import type { z } from 'zod';
import { ROLES, type Role } from '../roles';
import { settingsPayloadSchema } from '../settings';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  refreshSessionSchema,
  signInSchema,
  signOutSchema,
  totpVerifySchema,
  twoFactorSchema,
} from './session';

/**
 * The API contract: the only list of routes. The CDK stack makes one Lambda and one API route per
 * entry, the local server mounts each, the web client builds its calls from it, and the
 * authorization test walks every route for every role.
 */
/**
 * What a route's Lambda may touch beyond reading the table (every route reads the caller's
 * record). The CDK stack grants exactly these, so each Lambda has least privilege.
 */
export type RouteAccess = 'table-write' | 'cognito-auth' | 'cognito-admin' | 'iot-publish' | 'mail' | 'human-verification';

/**
 * The first part of a partition key (`USER#<id>` → 'USER'; 'SETTINGS' and 'STATS' are whole keys),
 * of the table or, for a GSI query, of the index. The CDK stack turns a route's prefixes into
 * `dynamodb:LeadingKeys` conditions, so its Lambda can reach no other items.
 */
export type KeyPrefix = 'USER' | 'EMAIL' | 'REVOKED' | 'SIGNIN' | 'SETTINGS' | 'STATS' | 'SP' | 'CLINIC' | 'PATIENT' | 'DOCTOR' | 'DEVICE' | 'SERIAL' | 'DEADLETTER' | 'TYPE' | 'SESSION' | 'REFRESH' | 'PENDING';

export interface RouteDefinition {
  method: 'GET' | 'POST';
  /** Path under API_BASE, with `{param}` placeholders. */
  path: string;
  /** Roles allowed to call; 'public' routes take no session token (sign-in and recovery). */
  roles: readonly Role[] | 'public';
  /** The path parameter that must be the caller's own user id (role scope, DESIGN.md section 4). */
  self?: string;
  /** Request body schema; a route without one accepts no body. */
  body?: z.ZodTypeAny;
  /** Module under functions/handlers/ that exports `handler`. */
  handler: string;
  access?: readonly RouteAccess[];
  /** Partitions the handler reads (the session check's `USER` and `REVOKED` are added for every non-public route). */
  keys?: readonly KeyPrefix[];
  /** Partitions the handler writes, with 'table-write' access. */
  writeKeys?: readonly KeyPrefix[];
}

export const routes = {
  signIn: {
    method: 'POST',
    path: '/signin',
    roles: 'public',
    body: signInSchema,
    handler: 'auth/sign-in',
    access: ['table-write', 'cognito-auth', 'human-verification'],
    keys: ['SIGNIN', 'EMAIL', 'USER', 'STATS', 'SP', 'CLINIC'],
    writeKeys: ['SIGNIN', 'USER'],
  },
  signInTwoFactor: {
    method: 'POST',
    path: '/signin/2fa',
    roles: 'public',
    body: twoFactorSchema,
    handler: 'auth/sign-in-two-factor',
    access: ['table-write', 'cognito-auth'],
    keys: ['EMAIL', 'USER', 'STATS', 'SP', 'CLINIC'],
    writeKeys: ['USER'],
  },
  refreshSession: {
    method: 'POST',
    path: '/signin/refresh',
    roles: 'public',
    body: refreshSessionSchema,
    handler: 'auth/refresh-session',
    access: ['cognito-auth'],
    keys: [],
  },
  changePassword: {
    method: 'POST',
    path: '/users/{userId}/changePass',
    roles: 'public',
    body: changePasswordSchema,
    handler: 'auth/change-password',
    access: ['table-write', 'cognito-auth'],
    keys: ['EMAIL', 'USER', 'STATS', 'SP', 'CLINIC'],
    writeKeys: ['USER'],
  },
  forgotPassword: {
    method: 'POST',
    path: '/forgetPass',
    roles: 'public',
    body: forgotPasswordSchema,
    handler: 'auth/forgot-password',
    access: ['table-write', 'cognito-admin', 'mail', 'human-verification'],
    keys: ['EMAIL', 'USER'],
    writeKeys: ['SIGNIN'],
  },
  signOut: {
    method: 'POST',
    path: '/signout',
    roles: ROLES,
    body: signOutSchema,
    handler: 'auth/sign-out',
    access: ['table-write', 'cognito-auth'],
    writeKeys: ['REVOKED'],
  },
  getSession: {
    method: 'GET',
    path: '/users/{userId}/session',
    roles: ROLES,
    self: 'userId',
    handler: 'auth/get-session',
    keys: ['STATS', 'SP', 'CLINIC'],
  },
  setupTotp: {
    method: 'POST',
    path: '/users/{userId}/totp/setup',
    roles: ROLES,
    self: 'userId',
    handler: 'auth/setup-totp',
    access: ['cognito-auth'],
  },
  verifyTotp: {
    method: 'POST',
    path: '/users/{userId}/totp/verify',
    roles: ROLES,
    self: 'userId',
    body: totpVerifySchema,
    handler: 'auth/verify-totp',
    access: ['cognito-auth', 'table-write'],
    writeKeys: ['USER'],
  },
  getGlobalSettings: {
    method: 'GET',
    path: '/general/d_update',
    roles: ROLES,
    handler: 'general/get-global-settings',
    keys: ['SETTINGS'],
  },
  initGlobalSettings: {
    method: 'POST',
    path: '/liberdiAdmins/{adminId}/general/d_update/init',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    body: settingsPayloadSchema(),
    handler: 'general/init-global-settings',
    access: ['table-write'],
    keys: ['SETTINGS'],
    writeKeys: ['SETTINGS'],
  },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof routes;

export const routeIds = Object.keys(routes) as RouteId[];

export function routeById(id: RouteId): RouteDefinition {
  return routes[id];
}

/** The API's areas: each is deployed as its own stack of route Lambdas (infra/aws/api-stack.ts). */
export type ApiArea = 'session' | 'settings' | 'clinical' | 'administration' | 'devices';

const areas: Record<RouteId, ApiArea> = {
  signIn: 'session',
  signInTwoFactor: 'session',
  refreshSession: 'session',
  changePassword: 'session',
  forgotPassword: 'session',
  signOut: 'session',
  getSession: 'session',
  setupTotp: 'session',
  verifyTotp: 'session',
  getGlobalSettings: 'settings',
  initGlobalSettings: 'settings',
};

export function routeArea(id: RouteId): ApiArea {
  return areas[id];
}
