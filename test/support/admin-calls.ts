import { buildPath } from '@shared/api/paths';
import type { RouteDefinition } from '@shared/api/route-definition';
import { routes, type RouteId } from '@shared/api/routes';
import { signIn, type useApi } from './api';

/** Whoever makes a call: the `{adminId}` of the path, signed in by e-mail once per test file. */
export interface Caller {
  UserID: string;
  Email: string;
}

export interface CallOptions {
  /** The `{id}` of the path (else the file's default). */
  id?: string;
  /** Further path parameters (`{clinicId}`). */
  params?: Record<string, string>;
  body?: unknown;
  /** The query string, without its `?`. */
  query?: string;
  /** Another token than the caller's own (an ended session). */
  token?: string;
}

/**
 * The administrators' handler tests call routes the same way: the route's path with the caller's
 * id as `{adminId}`, the caller's own token (one sign-in per user and file), a POST's body. The
 * answers are checked by value in the tests, so their body is read loosely here.
 */
export function adminCalls(api: ReturnType<typeof useApi>, defaults: { id?: () => string; body?: (route: RouteDefinition) => unknown } = {}) {
  const tokens = new Map<string, string>();
  async function tokenOf(user: Caller): Promise<string> {
    if (!tokens.has(user.UserID)) tokens.set(user.UserID, await signIn(user.Email));
    return tokens.get(user.UserID)!;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function call(name: RouteId, user: Caller, options: CallOptions = {}): Promise<{ status: number; body: any }> {
    const route = routes[name];
    const id = options.id ?? defaults.id?.();
    const path = buildPath(route.path, { adminId: user.UserID, ...(id === undefined ? {} : { id }), ...options.params });
    return api.call(route.method, `${path}${options.query ? `?${options.query}` : ''}`, {
      token: options.token ?? (await tokenOf(user)),
      body: route.method === 'POST' ? (options.body ?? defaults.body?.(route) ?? {}) : undefined,
    });
  }
  return { call, tokenOf };
}
