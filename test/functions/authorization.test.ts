import type { UserRecord } from '../../functions/data/users-repository';
import { buildPath, pathParams } from '../../shared/api/paths';
import { routeIds, routes, type RouteDefinition } from '../../shared/api/routes';
import { ROLES, type Role } from '../../shared/roles';
import { signIn, signedInUser, useApi } from '../support/api';
import { useTestTable, useTestUserPool } from '../support/local-services';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * The authorization matrix (DESIGN.md sections 2 and 4): every route of the route table, called by
 * every role, with the caller's own id and with another user's id in the path, and with no token.
 * A route added to the table is covered here without a new test.
 */
const users = {} as Record<Role, UserRecord>;
beforeAll(async () => {
  for (const role of ROLES) users[role] = (await signedInUser(role)).user;
});

const protectedRoutes = routeIds.filter((id) => routes[id].roles !== 'public');
const publicRoutes = routeIds.filter((id) => routes[id].roles === 'public');

/** Each call gets a fresh session, as sign-out (one of the routes) revokes the one it is called with. */
async function call(route: RouteDefinition, caller: UserRecord | undefined, pathId: (param: string) => string) {
  const path = buildPath(route.path, Object.fromEntries(pathParams(route.path).map((param) => [param, pathId(param)])));
  const token = caller && (await signIn(caller.Email));
  return api.call(route.method, path, { token, body: route.method === 'POST' ? {} : undefined });
}

describe.each(protectedRoutes)('%s', (id) => {
  const route: RouteDefinition = routes[id];
  const allowed = route.roles as readonly Role[];

  it('refuses a caller without a session', async () => {
    expect((await call(route, undefined, () => users.Doctor.UserID)).status).toBe(401);
  });

  it.each(ROLES)('%s: reaches the handler only when the route allows the role', async (role) => {
    const response = await call(route, users[role], () => users[role].UserID);
    if (allowed.includes(role)) expect([401, 403]).not.toContain(response.status);
    else expect(response).toMatchObject({ status: 403, body: { message: ['You do not have the permission to execute this operation'] } });
  });

  if (route.self) {
    it.each(allowed)("%s: cannot use another user's id in the path", async (role) => {
      const other = ROLES.map((r) => users[r]).find((user) => user.UserID !== users[role].UserID)!;
      const response = await call(route, users[role], (param) => (param === route.self ? other.UserID : users[role].UserID));
      expect(response.status).toBe(403);
    });
  }
});

describe('public routes', () => {
  it.each(publicRoutes)('%s answers without a session, refusing an empty body with the spec’s messages', async (id) => {
    const response = await call(routes[id], undefined, () => users.Doctor.UserID);
    expect([400, 401]).toContain(response.status);
    expect((response.body as { message: string[] }).message.length).toBeGreaterThan(0);
  });
});
