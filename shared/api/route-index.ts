import { z } from 'zod';
import { routes, type RouteId } from './routes';

/** What a client needs of a route to call it: where, how, with which token. */
export interface RouteEntry {
  method: 'GET' | 'POST';
  path: string;
  token: 'none' | 'pending' | 'session';
  /** The largest page the route's `limit` allows, for a client that reads every page. */
  largestPage?: number;
}

/** The most a list's query schema lets `limit` ask for; none when it has no `limit`. */
export function largestPageOf(query: unknown): number | undefined {
  const limit: unknown = query instanceof z.ZodObject ? query.shape.limit : undefined;
  const inner = limit instanceof z.ZodOptional ? limit.unwrap() : limit;
  return inner instanceof z.ZodNumber ? (inner.maxValue ?? undefined) : undefined;
}

/**
 * The route table without its schemas, for the web's API client. The web build puts this
 * module's value in place of the module (web/build.ts), so /login does not download the request
 * and answer schemas of every route; the screens import the schemas they validate with.
 */
export const routeIndex = Object.fromEntries(
  Object.entries(routes).map(([id, route]) => {
    const largestPage = largestPageOf('query' in route ? route.query : undefined);
    return [id, { method: route.method, path: route.path, token: route.token, ...(largestPage ? { largestPage } : {}) }];
  }),
) as Record<RouteId, RouteEntry>;
