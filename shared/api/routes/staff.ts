import type { RouteAudit, RouteAccess, KeyPrefix, RouteDefinition, RouteTenant, SessionRoute } from '../route-definition';

/**
 * The staff's calls exist under three prefixes (spec section 7, "Staff"): one per clinical role.
 * Each prefix is its own route (its own Lambda, role and `self` check); the three share one
 * handler module (`staffEndpoint` picks the route by the request's route key) and one service.
 */
export const STAFF_PREFIXES = {
  ClinicDirector: '/clinicsDirector/{id}',
  Doctor: '/doctors/{id}',
  Nurse: '/nurses/{id}',
} as const;
export type StaffRole = keyof typeof STAFF_PREFIXES;
export const STAFF_ROLES = Object.keys(STAFF_PREFIXES) as StaffRole[];

/** Every clinical role, for a call all three make. */
export const ALL_STAFF = ['ClinicDirector', 'Doctor', 'Nurse'] as const;
/** The tenant of a call about one patient: the patient named by the path's `{patientId}`. */
export const PATIENT_TENANT = { kind: 'patient', param: 'patientId' } as const;

/** The route id's ending per role: `getPatientProfile` → `getPatientProfileAsDirector`. */
export const STAFF_ID_SUFFIXES = { ClinicDirector: 'AsDirector', Doctor: 'AsDoctor', Nurse: 'AsNurse' } as const;
export type StaffIdSuffix = (typeof STAFF_ID_SUFFIXES)[StaffRole];

/** What a staff route declares besides its prefix, role and `self` (those come from the prefix). */
export interface StaffRouteSpec {
  method: 'GET' | 'POST';
  body?: SessionRoute['body'];
  query?: SessionRoute['query'];
  response: SessionRoute['response'];
  contentType?: SessionRoute['contentType'];
  handler: string;
  access?: readonly RouteAccess[];
  keys?: readonly KeyPrefix[];
  writeKeys?: readonly KeyPrefix[];
  tenant: RouteTenant;
  audit: RouteAudit;
  thing: string;
}

type StaffRoutes<N extends string, P extends string, R extends StaffRole, S extends StaffRouteSpec> = {
  [K in R as `${N}${(typeof STAFF_ID_SUFFIXES)[K]}`]: S & {
    token: 'session';
    path: `${(typeof STAFF_PREFIXES)[K]}${P}`;
    roles: readonly [K];
    self: 'id';
  };
};

/**
 * The routes of one staff call, one per role given: `staffRoutes('getPatientProfile',
 * '/patients/{patientId}/profile', ['ClinicDirector', 'Doctor', 'Nurse'], {...})`.
 */
export function staffRoutes<const N extends string, const P extends string, const R extends StaffRole, const S extends StaffRouteSpec>(
  name: N,
  path: P,
  roles: readonly R[],
  spec: S,
): StaffRoutes<N, P, R, S> {
  return Object.fromEntries(
    roles.map((role) => [
      `${name}${STAFF_ID_SUFFIXES[role]}`,
      { ...spec, token: 'session', path: `${STAFF_PREFIXES[role]}${path}`, roles: [role], self: 'id' },
    ]),
  ) as unknown as StaffRoutes<N, P, R, S>;
}

/** The id of a staff call's route for a role: `staffRouteId('getPatientProfile', 'Nurse')` → 'getPatientProfileAsNurse'. */
export function staffRouteId<const N extends string, R extends StaffRole>(name: N, role: R): `${N}${(typeof STAFF_ID_SUFFIXES)[R]}` {
  return `${name}${STAFF_ID_SUFFIXES[role]}`;
}

/**
 * The routes of one staff call in one area's table, one per clinical role that may make it:
 * `staffRouteGroupOf(exchangeRoutes, 'getExchanges')`. Handlers take it from their own area's
 * file, so that their Lambda does not carry every area's routes and schemas (docs/lambda-bundles.md).
 */
export function staffRouteGroupOf<const T extends Record<string, RouteDefinition>, const N extends string>(
  table: T,
  name: N,
): Array<T[Extract<keyof T, `${N}As${string}`>]> {
  const group: RouteDefinition[] = [];
  for (const role of STAFF_ROLES) {
    const route: RouteDefinition | undefined = table[`${name}${STAFF_ID_SUFFIXES[role]}`];
    if (route) group.push(route);
  }
  return group as Array<T[Extract<keyof T, `${N}As${string}`>]>;
}
