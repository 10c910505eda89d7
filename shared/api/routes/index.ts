import type { ApiArea, RouteDefinition } from '../route-definition';
import { administrationRoutes } from './administration';
import { clinicalRoutes } from './clinical';
import { deviceRoutes } from './devices';
import { sessionRoutes } from './session';
import { settingsRoutes } from './settings';
import { treatmentRoutes } from './treatment';
import { userRoutes } from './users';
import { staffRouteGroupOf } from './staff';

export { STAFF_PREFIXES, STAFF_ROLES, staffRouteId, type StaffRole } from './staff';

export type { ApiArea, KeyPrefix, RouteAccess, RouteDefinition } from '../route-definition';
export { API_AREAS } from '../route-definition';

/** Each area's routes, in its own file: the CDK app makes one stack per area. */
const areas = {
  session: sessionRoutes,
  settings: settingsRoutes,
  clinical: clinicalRoutes,
  treatment: treatmentRoutes,
  administration: administrationRoutes,
  users: userRoutes,
  devices: deviceRoutes,
} as const satisfies Record<ApiArea, Record<string, RouteDefinition>>;

/**
 * The API contract: the only list of routes. The CDK stacks make one Lambda and one API route per
 * entry, the local server mounts each, the web client takes its types from it, and the
 * authorization, fuzz and contract tests walk every route.
 */
export const routes = {
  ...sessionRoutes,
  ...settingsRoutes,
  ...clinicalRoutes,
  ...treatmentRoutes,
  ...administrationRoutes,
  ...userRoutes,
  ...deviceRoutes,
};

export type Routes = typeof routes;
export type RouteId = keyof Routes;

export const routeIds = Object.keys(routes) as RouteId[];

const areaOf = new Map<string, ApiArea>(Object.entries(areas).flatMap(([area, table]) => Object.keys(table).map((id) => [id, area as ApiArea] as const)));

/** The area a route belongs to (its file, and its CDK stack). */
export function routeArea(id: RouteId): ApiArea {
  return areaOf.get(id)!;
}

/** The routes of one staff call, one per clinical role that may make it (see routes/staff.ts). Handlers use staffRouteGroupOf with their area's table. */
export function staffRouteGroup<const N extends string>(name: N): Array<Routes[Extract<RouteId, `${N}As${string}`>]> {
  return staffRouteGroupOf(routes, name);
}
