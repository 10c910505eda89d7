import { routeArea, routes, type ApiArea, type KeyPrefix, type RouteDefinition, type RouteId } from '@shared/api/routes';

/**
 * The routes the API stack deploys, by id, with the area each belongs to. The portal deploys the
 * route table of shared/api/routes.ts; a test passes a longer one to prove the API still fits
 * CloudFormation's limits at fifty routes.
 */
export interface RouteTable {
  routes: Readonly<Record<string, RouteDefinition>>;
  area: (id: string) => ApiArea;
}

export const portalRouteTable: RouteTable = { routes, area: (id) => routeArea(id as RouteId) };

/** Routes without a session token: no JWT authorizer, tighter throttling, reserved concurrency. */
export const isPublicRoute = (route: RouteDefinition): boolean => route.token !== 'session';

/** Partition keys that are whole keys rather than `<PREFIX>#<id>`. */
const WHOLE_KEYS: ReadonlySet<KeyPrefix> = new Set<KeyPrefix>(['GLOBAL', 'STATS', 'META']);

/** The `dynamodb:LeadingKeys` pattern of a key prefix: `USER#*`, or `SETTINGS` for a whole key. */
export const leadingKeyPattern = (prefix: KeyPrefix): string => (WHOLE_KEYS.has(prefix) ? prefix : `${prefix}#*`);

/** The endpoint chain reads the caller's `USER#<sub>` and the token's `REVOKED#<jti>` on every non-public route. */
const SESSION_CHECK: readonly KeyPrefix[] = ['USER', 'REVOKED', 'SESSION'];

/** What a route's Lambda may read and write in the table, as partition-key patterns. */
export function routeKeyPatterns(route: RouteDefinition): { read: string[]; write: string[] } {
  const read = new Set<KeyPrefix>([...(isPublicRoute(route) ? [] : SESSION_CHECK), ...(route.keys ?? []), ...(route.writeKeys ?? [])]);
  const write = route.access?.includes('table-write') ? new Set(route.writeKeys ?? []) : new Set<KeyPrefix>();
  return { read: [...read].map(leadingKeyPattern), write: [...write].map(leadingKeyPattern) };
}

export const pascalCase = (id: string) => `${id[0]!.toUpperCase()}${id.slice(1)}`;
