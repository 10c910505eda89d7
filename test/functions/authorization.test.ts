import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { patientSignupSchema } from '@shared/api/patients';
import { buildPath, pathParams } from '@shared/api/paths';
import type { RouteDefinition, SessionRoute } from '@shared/api/route-definition';
import { routeIds, routes } from '@shared/api/routes';
import * as messages from '@shared/messages';
import { ROLES, type Role } from '@shared/roles';
import { signIn, useApi } from '../support/api';
import { useTestTable, useTestUserPool } from '../support/local-services';
import { validBody, tenantPathValue } from '../support/route-requests';
import { allIds, createTenant, tenantIds, type Tenant } from '../support/tenants';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * The authorization matrix (DESIGN.md sections 2 and 4), generated from the route table: every
 * route, called by every role of one tenant, with the caller's own id, with another user's id in
 * the `self` parameter, with another tenant's id in the route's tenant parameter, and with no
 * token. A route added to the table is covered here without a new test.
 */
let own: Tenant;
let other: Tenant;
beforeAll(async () => {
  [own, other] = [await createTenant('Own'), await createTenant('Other')];
}, 120_000);

const sessionRoutes = routeIds.filter((id) => routes[id].token === 'session');
const publicRoutes = routeIds.filter((id) => routes[id].token !== 'session');

/** Whose data a call is about: the tenant whose id goes in the tenant parameter (and whose data the body and other parameters name). */
interface Targets {
  self?: string;
  tenant?: Tenant;
}

/**
 * The value of each path parameter: the caller's id for `self`, the target tenant's id for the
 * tenant parameter, and for a parameter naming something inside a tenant (an exchange), the target's.
 */
function pathFor(route: RouteDefinition, caller: { UserID: string; Role?: Role } | undefined, targets: Targets = {}) {
  const selfParam = route.token === 'session' ? route.self : undefined;
  const tenantParam = 'param' in route.tenant ? route.tenant.param : undefined;
  const value = (param: string) => {
    if (param === selfParam) return targets.self ?? caller?.UserID ?? 'nobody';
    if (param === tenantParam && targets.tenant && 'param' in route.tenant) return tenantIds(targets.tenant, caller?.Role)[route.tenant.kind];
    const inside = targets.tenant && tenantPathValue(param, targets.tenant);
    return inside ?? caller?.UserID ?? 'nobody';
  };
  return buildPath(route.path, Object.fromEntries(pathParams(route.path).map((param) => [param, value(param)])));
}

/**
 * Each call gets a fresh session, as sign-out (one of the routes) revokes the one it is called with.
 * A POST carries a valid body about the target tenant (else the own one), so a route reaches its tenant check.
 */
async function call(route: RouteDefinition, caller: { UserID: string; Email: string; Role?: Role } | undefined, targets?: Targets) {
  const token = caller && (await signIn(caller.Email));
  const body = route.method === 'POST' ? validBody(route, targets?.tenant ?? own) : undefined;
  return api.call(route.method, pathFor(route, caller, targets), { token, body });
}

describe.each(sessionRoutes)('%s', (id) => {
  const route = routes[id] as SessionRoute;
  const allowed: readonly Role[] = route.roles;
  const tenantKind = route.tenant.kind;
  /** LiberDiAdmin reaches every tenant by design; the tenant cases are about everyone else. */
  const tenantBound = allowed.filter((role) => role !== 'LiberDiAdmin');

  it('refuses a caller without a session', async () => {
    expect((await call(route, undefined)).status).toBe(401);
  });

  it.each(ROLES)('%s: reaches the handler only when the route allows the role', async (role) => {
    // A target of the own tenant, not the caller itself: a signer may not change itself (the users' overlap rule).
    const response = await call(route, own.users[role], { tenant: 'param' in route.tenant ? own : undefined });
    if (allowed.includes(role)) {
      expect(response.status).toBeLessThan(500);
      expect([401, 403]).not.toContain(response.status);
    } else {
      expect(response).toMatchObject({ status: 403, body: { message: [messages.errors.noAccess(route.thing)] } });
    }
  });

  if (route.self) {
    it.each(allowed)("%s: cannot use another user's id in the path", async (role) => {
      const response = await call(route, own.users[role], { self: other.users[role].UserID });
      expect(response).toMatchObject({ status: 403, body: { message: [messages.errors.noAccess(route.thing)] } });
    });
  }

  if (tenantKind !== 'none' && tenantKind !== 'platform' && tenantKind !== 'own' && tenantBound.length > 0) {
    it.each(tenantBound)("%s: another tenant's id is not found, its own is reached", async (role) => {
      const outside = await call(route, own.users[role], { tenant: other });
      expect(outside).toMatchObject({ status: 404, body: { message: [messages.errors.notFound] } });
      const inside = await call(route, own.users[role], { tenant: own });
      expect(inside.status).toBeLessThan(500);
      expect([401, 403, 404]).not.toContain(inside.status);
    });
  }

  if (tenantBound.length > 0) {
    it.each(tenantBound)('%s: the answer holds no id of another tenant', async (role) => {
      const response = await call(route, own.users[role], { tenant: 'param' in route.tenant ? own : undefined });
      const text = JSON.stringify(response.body);
      for (const foreignId of allIds(other)) expect(text).not.toContain(foreignId);
    });
  }
});

describe('public routes', () => {
  it.each(publicRoutes)('%s answers without a session, refusing an empty body with the spec’s messages', async (id) => {
    const response = await call(routes[id], undefined);
    expect([400, 401]).toContain(response.status);
    expect((response.body as { message: string[] }).message.length).toBeGreaterThan(0);
  });
});

/**
 * The spec's tenant fields in bodies (DESIGN.md section 10): a route whose body's spec entity
 * carries ServiceProviderID or ClinicID takes them naming the caller's own tenant (a client built
 * from the spec sends them) and answers another tenant's as out of reach, with nothing written.
 */
const echoingRoutes = sessionRoutes.filter((id) => (routes[id] as SessionRoute).tenantEchoes?.length);

describe.each(echoingRoutes)('%s: the spec’s tenant fields in the body', (id) => {
  const route = routes[id] as SessionRoute;
  const echoes = route.tenantEchoes!;
  const roles = route.roles.filter((role) => role !== 'LiberDiAdmin');
  const fieldsOf = (tenant: Tenant) => ({ ServiceProviderID: tenant.serviceProviderId, ClinicID: tenant.clinicId });
  const withEchoes = (tenant: Tenant, ids: Record<string, string>) => ({
    ...(echoBody(route, tenant) as object),
    ...Object.fromEntries(echoes.map((field) => [field, ids[field]])),
  });
  const send = async (role: Role, body: unknown) =>
    api.call(route.method, pathFor(route, own.users[role], { tenant: 'param' in route.tenant ? own : undefined }), {
      token: await signIn(own.users[role].Email),
      body,
    });

  it.each(roles)('%s: the own tenant’s ids are taken (as without them)', async (role) => {
    const response = await send(role, withEchoes(own, fieldsOf(own)));
    expect(response.status).toBeLessThan(300);
  });

  it.each(roles)('%s: another tenant’s ids answer 404, as an id out of reach, and nothing is written', async (role) => {
    for (const field of echoes) {
      const before = await auditCount();
      const response = await send(role, withEchoes(own, { ...fieldsOf(own), [field]: fieldsOf(other)[field] }));
      expect(response).toEqual({ status: 404, body: { message: [messages.errors.notFound] } });
      expect(await auditCount()).toBe(before);
    }
  });

  it('keys that are not spec fields are still refused', async () => {
    const response = await send(roles[0]!, { ...(validBody(route, own) as object), TenantOfMyChoice: own.clinicId });
    expect(response.status).toBe(400);
  });
});

it('has routes whose bodies carry the spec’s tenant fields to walk (a patient signup at least)', () => {
  expect(echoingRoutes).toEqual(expect.arrayContaining(['signupPatientAsNurse', 'signupPatientAsDirector', 'signupPatientAsDoctor']));
});

let socialIds = Date.now() % 1_000_000_000;
/** A body the route takes, about the tenant: the walks' own, and a whole new patient for a signup (the walks send none). */
function echoBody(route: RouteDefinition, tenant: Tenant): unknown {
  if (route.body !== patientSignupSchema) return validBody(route, tenant);
  return {
    FirstName: 'Echo',
    LastName: 'Patient',
    DOB: '1970-05-20',
    Gender: 'Female',
    Hispanic: false,
    RacialDesignation: ['White'],
    SocialId: String((socialIds += 1)),
    Address: { Country: 'Israel', City: 'Haifa', Street: '5 Hill St' },
    Phone: '+972 4 555 0199',
    Cellphone: '+972 54 555 0199',
    Email: 'echo.patient@patient.example',
    ReferringPhysician: 'Dr. Ruth Amsalem',
    ReferringPhysician_Phone: '+972 4 555 0100',
    DialysisStart: '2025-01-10',
    PeritonealDialysisStart: '2030-02-01',
    Weight: 68,
    TargetWeight: '66',
    BloodPressure: '125/80',
    Pulse: 72,
    UrineOutput_CC: 600,
    GFR: 8,
    DoctorID: tenant.users.Doctor.UserID,
  };
}

/** The audit records in the table: a refused call leaves none. */
async function auditCount(): Promise<number> {
  const dynamo = new DynamoDBClient({});
  let count = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.send(
      new ScanCommand({
        TableName: process.env.TABLE_NAME!,
        ExclusiveStartKey: start,
        FilterExpression: 'begins_with(pk, :audit)',
        ExpressionAttributeValues: { ':audit': { S: 'AUDIT#' } },
        Select: 'COUNT',
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  dynamo.destroy();
  return count;
}
