import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { API_BASE, pathParams } from '@shared/api/paths';
import type { RouteDefinition } from '@shared/api/route-definition';
import { routeIds, routes } from '@shared/api/routes';
import { ROLES, type Role } from '@shared/roles';
import { signedInUser } from '../support/api';
import { bodyArbitrary, pathValueArbitrary } from '../support/fuzz';
import { useApi } from '../support/api';
import { useTestTable, useTestUserPool } from '../support/local-services';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * Every route of the route table, fuzzed from its own zod schema (DESIGN.md section 6): malformed,
 * wrong-typed, huge, tiny, unicode and prototype-key bodies, and hostile path values. No answer is
 * a 5xx, and a refused request changes nothing in the table. A route added later is fuzzed too.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);

const tokens = {} as Record<Role, { token: string; userId: string }>;
const dynamo = new DynamoDBClient({});

beforeAll(async () => {
  for (const role of ROLES) {
    const { user, token } = await signedInUser(role);
    tokens[role] = { token, userId: user.UserID };
  }
}, 60_000);
afterAll(() => dynamo.destroy());

/** The whole test table, as text: small in a test, so a refused request can be checked to change nothing. */
async function tableContents(): Promise<string> {
  const items: unknown[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: process.env.TABLE_NAME!, ExclusiveStartKey: ExclusiveStartKey as never }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return JSON.stringify(items.map((item) => JSON.stringify(item)).sort());
}

function callerFor(route: RouteDefinition): { token?: string; userId?: string } {
  if (route.token === 'session') return tokens[route.roles[0]!];
  if (route.token === 'pending') return { token: 'forged.pending.token' };
  return {};
}

/** The path with each parameter filled: the caller's id for `self` (to pass role scope), fuzz for the rest. */
function fillPath(route: RouteDefinition, values: string[], userId: string | undefined): string {
  const names = pathParams(route.path);
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (route.token === 'session' && name === route.self && userId) return userId;
    // Raw: the fuzz values include broken escapes on purpose.
    return values[names.indexOf(name)] ?? 'x';
  });
}

describe.each(routeIds)('%s', (id) => {
  const route: RouteDefinition = routes[id];

  it('answers hostile input without a 5xx and changes nothing when it refuses', async () => {
    const caller = callerFor(route);
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(route.body), fc.array(pathValueArbitrary, { minLength: 3, maxLength: 3 }), async (body, values) => {
        const before = await tableContents();
        const response = await api.call(route.method, fillPath(route, values, caller.userId), {
          token: caller.token,
          rawBody: route.method === 'POST' ? JSON.stringify(body) : undefined,
        });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect(await tableContents()).toBe(before);
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  }, 120_000);
});

it('refuses bodies that are not JSON objects, or not JSON at all, with a 4xx', async () => {
  const route = routes.initGlobalSettings;
  const { token, userId } = tokens.LiberDiAdmin;
  for (const rawBody of ['{', 'null', '[]', '"text"', '{"Settings": [', '\u0000', '{"__proto__": {"polluted": true}}']) {
    const response = await api.call(route.method, route.path.replace('{adminId}', userId), { token, rawBody });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it('keeps the API base in every fuzzed call', () => {
  expect(API_BASE).toBe('/api/v1/webapp');
});
