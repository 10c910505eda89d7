/** The API's base path under the portal's origin (spec section 7). */
export const API_BASE = '/api/v1/webapp';

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

/**
 * A route's path as API Gateway holds it: API Gateway refuses a route path ending in '/', while
 * spec section 7 writes three staff lists that way (`/getAllClinicPatients/`). CloudFront drops
 * the trailing slash of every `/api/*` request before it reaches API Gateway (web-stack.ts), so
 * the spec's path reaches the route; locally the gateway serves the spec's path as written.
 */
export function gatewayPath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
