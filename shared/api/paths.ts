/** The API's base path under the portal's origin (spec section 7). */
export const API_BASE = '/api/v1/webapp';

/**
 * A route's path under API_BASE as API Gateway knows it. Spec section 7 writes some list calls with
 * a trailing slash (`/getAllClinicPatients/`); an HTTP API refuses a route path ending in '/' and
 * routes a request for `/x/` to the route `/x`, so the deployed route, and the event's routeKey,
 * has none. CloudFront also drops the trailing slash of `/api/*` requests (web-stack.ts), so the
 * spec's path reaches the route either way; locally the gateway serves the spec's path as written.
 */
export function gatewayPath(path: string): string {
  return `${API_BASE}${path}`.replace(/(.)\/+$/, '$1');
}

/** The names of the `{param}`s of a route path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** Fills a route path's `{param}`s, encoding each value. */
export function buildPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
