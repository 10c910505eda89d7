import { routes, type RouteId } from './routes';

/** What a client needs of a route to call it: where, how, with which token. */
export interface RouteEntry {
  method: 'GET' | 'POST';
  path: string;
  token: 'none' | 'pending' | 'session';
}

/**
 * The route table without its schemas, for the web's API client. The web build puts this
 * module's value in place of the module (web/build.ts), so /login does not download the request
 * and answer schemas of every route; the screens import the schemas they validate with.
 */
export const routeIndex = Object.fromEntries(
  Object.entries(routes).map(([id, route]) => [id, { method: route.method, path: route.path, token: route.token }]),
) as Record<RouteId, RouteEntry>;
