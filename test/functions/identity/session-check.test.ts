import { routes, routeIds, type RouteDefinition } from '@shared/api/routes';
import { sessionNotices } from '@shared/api/session';
import { requireTwoFactorSetUp, TWO_FACTOR_SETUP_HANDLERS } from '@functions/identity/session-check';

/**
 * The set-up calls are known by their handler modules (session-check.ts does not import the route
 * table, so that no Lambda carries every area's routes): the list must name exactly the routes an
 * administrator without two-factor sign-in may call, and no other route may share their modules.
 */
const SETUP_ROUTES = ['getSession', 'setupTotp', 'verifyTotp', 'signOut'] as const;

it('names the handler modules of exactly the two-factor set-up routes', () => {
  const setupHandlers = routeIds.filter((id) => TWO_FACTOR_SETUP_HANDLERS.has((routes[id] as RouteDefinition).handler));
  expect(setupHandlers.sort()).toEqual([...SETUP_ROUTES].sort());
  expect(TWO_FACTOR_SETUP_HANDLERS.size).toBe(SETUP_ROUTES.length);
});

it('lets an administrator without two-factor sign-in make only the set-up calls', () => {
  const admin = { Role: 'LiberDiAdmin' as const, TwoFactorEnabled: false };
  for (const id of SETUP_ROUTES) expect(() => requireTwoFactorSetUp(routes[id], admin)).not.toThrow();
  for (const id of ['getAllServiceProviders', 'getAllUsers', 'getGlobalSettings'] as const) {
    expect(() => requireTwoFactorSetUp(routes[id], admin)).toThrow(sessionNotices.twoFactorSetupRequired);
  }
  expect(() => requireTwoFactorSetUp(routes.getAllServiceProviders, { ...admin, TwoFactorEnabled: true })).not.toThrow();
});
