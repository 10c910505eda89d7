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
export type RouteAccess = 'table-write' | 'cognito-auth' | 'cognito-admin' | 'cognito-sessions' | 'iot-publish' | 'mail' | 'human-verification';

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
}

export const routes = {
  signIn: {
    method: 'POST',
    path: '/signin',
    roles: 'public',
    body: signInSchema,
    handler: 'auth/sign-in',
    // cognito-sessions: a recovery's mailed password, when used, is set and the user's sessions end.
    access: ['table-write', 'cognito-auth', 'cognito-sessions', 'human-verification'],
  },
  signInTwoFactor: {
    method: 'POST',
    path: '/signin/2fa',
    roles: 'public',
    body: twoFactorSchema,
    handler: 'auth/sign-in-two-factor',
    access: ['table-write', 'cognito-auth'],
  },
  refreshSession: {
    method: 'POST',
    path: '/signin/refresh',
    roles: 'public',
    body: refreshSessionSchema,
    handler: 'auth/refresh-session',
    access: ['cognito-auth'],
  },
  changePassword: {
    method: 'POST',
    path: '/users/{userId}/changePass',
    roles: 'public',
    body: changePasswordSchema,
    handler: 'auth/change-password',
    // cognito-sessions: a password change ends every session of the user (AdminUserGlobalSignOut).
    access: ['table-write', 'cognito-auth', 'cognito-sessions'],
  },
  forgotPassword: {
    method: 'POST',
    path: '/forgetPass',
    roles: 'public',
    body: forgotPasswordSchema,
    handler: 'auth/forgot-password',
    access: ['table-write', 'mail', 'human-verification'],
  },
  signOut: {
    method: 'POST',
    path: '/signout',
    roles: ROLES,
    body: signOutSchema,
    handler: 'auth/sign-out',
    access: ['table-write', 'cognito-auth'],
  },
  getSession: {
    method: 'GET',
    path: '/users/{userId}/session',
    roles: ROLES,
    self: 'userId',
    handler: 'auth/get-session',
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
    access: ['cognito-auth'],
  },
  getGlobalSettings: {
    method: 'GET',
    path: '/general/d_update',
    roles: ROLES,
    handler: 'general/get-global-settings',
  },
  initGlobalSettings: {
    method: 'POST',
    path: '/liberdiAdmins/{adminId}/general/d_update/init',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    body: settingsPayloadSchema(),
    handler: 'general/init-global-settings',
    access: ['table-write'],
  },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof routes;

export const routeIds = Object.keys(routes) as RouteId[];

export function routeById(id: RouteId): RouteDefinition {
  return routes[id];
}
