import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { z } from 'zod';
import { auditRepository } from '@functions/data/audit-repository';
import { dynamo } from '@functions/lib/aws-clients';
import { endpoint } from '@functions/endpoint/endpoint';
import { defineRoutes, type RouteDefinition } from '@shared/api/route-definition';
import { routeArea, routeIds, routes } from '@shared/api/routes';
import * as messages from '@shared/messages';
import { defaultSettings, toSettingsList } from '@shared/settings';
import { signedInUser, TEST_PASSWORD, useApi } from '../support/api';
import { human } from './auth/helpers';
import { createTestClinic, createTestProvider } from '../support/devices';
import { useTestTable, useTestUserPool } from '../support/local-services';

useTestTable();
useTestUserPool();
const api = useApi();

/**
 * The audit trail (DESIGN.md section 5): every write of patient, clinical or administrative data
 * leaves a record in the same transaction, every read of a patient's data a record of who read
 * it; the endpoint chain holds each route to what it declares, and this file walks the table.
 */
describe('the route table', () => {
  const route = (id: (typeof routeIds)[number]): RouteDefinition => routes[id];
  /** Writes of data (not only of audit records), outside the sign-in bookkeeping of the session area. */
  const writing = routeIds.filter(
    (id) => (route(id).access ?? []).includes('table-write') && (route(id).writeKeys ?? []).some((key) => key !== 'AUDIT') && routeArea(id) !== 'session',
  );

  it.each(writing)("%s writes data, so it declares audit 'write'", (id) => {
    expect(route(id).audit).toBe('write');
  });

  it("declares audit 'read' on every route that reads a patient's data", () => {
    const patientReads = routeIds.filter((id) => route(id).tenant.kind === 'patient' && route(id).method === 'GET');
    expect(patientReads.filter((id) => route(id).audit !== 'read')).toEqual([]);
  });

  it('lets every auditing route write its records, and no other route', () => {
    for (const id of routeIds) {
      const writesAudit = (route(id).access ?? []).includes('table-write') && (route(id).writeKeys ?? []).includes('AUDIT');
      expect({ id, writesAudit }).toEqual({ id, writesAudit: route(id).audit !== 'none' });
    }
  });

  it('has writing routes to walk (the settings at least)', () => {
    expect(writing).toContain('initGlobalSettings');
  });
});

async function auditItems(): Promise<Record<string, unknown>[]> {
  const dynamo = new DynamoDBClient({});
  const { Items = [] } = await dynamo.send(new ScanCommand({ TableName: process.env.TABLE_NAME! }));
  dynamo.destroy();
  return Items.map((item) => unmarshall(item)).filter((item) => String(item.pk).startsWith('AUDIT#'));
}

it('records who changed the global settings, from where, and the changed fields before and after, with no expiry', async () => {
  const { user, token } = await signedInUser('LiberDiAdmin');
  const path = routes.initGlobalSettings.path.replace('{adminId}', user.UserID);
  const first = await api.call('POST', path, { token, body: { Settings: toSettingsList({ ...defaultSettings, MaxDrainTemp: 40 }) } });
  expect(first.status).toBe(200);
  const second = await api.call('POST', path, { token, body: { Settings: toSettingsList({ ...defaultSettings, MaxDrainTemp: 41 }) } });
  expect(second.status).toBe(200);

  const records = (await auditItems()).sort((a, b) => String(a.At).localeCompare(String(b.At)));
  expect(records).toHaveLength(2);
  // The first write replaced the defaults-only (never stored) settings: every field is new.
  expect(records[0]!.Changes).toEqual(expect.arrayContaining([{ field: 'MaxDrainTemp', after: 40 }]));
  expect(records[1]).toMatchObject({
    UserID: user.UserID,
    Role: 'LiberDiAdmin',
    Route: `POST ${routes.initGlobalSettings.path}`,
    Action: 'write',
    Entity: 'Settings',
    EntityID: 'GLOBAL',
    Changes: [{ field: 'MaxDrainTemp', before: 40, after: 41 }],
    SourceIp: '127.0.0.1',
  });
  expect(records[1]!.UserAgent).toEqual(expect.any(String));
  for (const record of records) expect(record.expiresAt).toBeUndefined();
});

it('records nothing when the write is refused', async () => {
  const { user, token } = await signedInUser('LiberDiAdmin');
  const before = (await auditItems()).length;
  const refused = await api.call('POST', routes.initGlobalSettings.path.replace('{adminId}', user.UserID), {
    token,
    body: { Settings: toSettingsList({ ...defaultSettings, MaxDrainTemp: -1 }) },
  });
  expect(refused.status).toBe(400);
  expect(await auditItems()).toHaveLength(before);
});

describe('the endpoint chain holds a route to its audit kind', () => {
  const probes = defineRoutes({
    forgetfulWrite: {
      method: 'POST',
      path: '/probe/write',
      token: 'session',
      roles: ['Nurse'],
      response: z.object({ ok: z.boolean() }),
      handler: 'test/probe',
      tenant: { kind: 'own' },
      audit: 'write',
      thing: 'probe',
    },
    patientRead: {
      method: 'GET',
      path: '/probe/patients/{patientId}',
      token: 'session',
      roles: ['Nurse'],
      response: z.object({ ok: z.boolean() }),
      handler: 'test/probe',
      tenant: { kind: 'patient', param: 'patientId' },
      audit: 'read',
      thing: 'probe',
    },
  });

  function eventFor(route: RouteDefinition, userId: string, pathParameters: Record<string, string> = {}): APIGatewayProxyEventV2WithJWTAuthorizer {
    return {
      version: '2.0',
      routeKey: `${route.method} ${route.path}`,
      rawPath: route.path,
      rawQueryString: '',
      headers: { 'user-agent': 'audit-test' },
      pathParameters,
      isBase64Encoded: false,
      requestContext: {
        requestId: 'audit-test',
        http: { method: route.method, path: route.path, protocol: 'HTTP/1.1', sourceIp: '10.1.2.3', userAgent: 'audit-test' },
        authorizer: { jwt: { claims: { sub: userId, 'cognito:groups': '[Nurse]' }, scopes: [] } },
      },
    } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
  }
  const context = { functionName: 'probe', awsRequestId: 'test', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

  it("answers 500 when a 'write' route recorded no change, so no route can forget its record", async () => {
    const { user } = await signedInUser('Nurse');
    const handler = endpoint(probes.forgetfulWrite, () => ({ ok: true }));
    const result = await handler(eventFor(probes.forgetfulWrite, user.UserID), context);
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ message: [messages.errors.internal] });
  });

  it("stores a 'read' route's reads before answering, readable by patient", async () => {
    const { user } = await signedInUser('Nurse');
    const handler = endpoint(probes.patientRead, ({ params, audit }) => {
      audit.read({ entity: 'Patient', id: params.patientId, PatientID: params.patientId, ClinicID: 'clinic-1', ServiceProviderID: 'sp-1' });
      return { ok: true };
    });
    const result = await handler(eventFor(probes.patientRead, user.UserID, { patientId: 'patient-42' }), context);
    expect(result.statusCode).toBe(200);
    const { items } = await auditRepository.listByPatient('patient-42');
    expect(items).toEqual([
      expect.objectContaining({
        UserID: user.UserID,
        Role: 'Nurse',
        Action: 'read',
        Entity: 'Patient',
        EntityID: 'patient-42',
        SourceIp: '10.1.2.3',
        UserAgent: 'audit-test',
      }),
    ]);
    const month = items[0]!.At.slice(0, 7);
    expect((await auditRepository.listByClinic('clinic-1', month)).items).toHaveLength(1);
    expect((await auditRepository.listByProvider('sp-1', month)).items).toHaveLength(1);
    expect((await auditRepository.listPlatform(month)).items.map((item) => item.EntityID)).toContain('patient-42');
  });
  /** Runs `run` with each audit record's PutItem seen by `middleware` (the shared client every repository sends through). */
  async function withAuditPuts<T>(middleware: <R>(send: () => Promise<R>) => Promise<R>, run: () => Promise<T>): Promise<T> {
    const name = `auditPuts-${Math.random()}`;
    dynamo().middlewareStack.add(
      (next, context) => async (args) =>
        context.commandName === 'PutItemCommand' && JSON.stringify(args.input).includes('"AUDIT#') ? middleware(() => next(args)) : next(args),
      { step: 'initialize', name },
    );
    try {
      return await run();
    } finally {
      dynamo().middlewareStack.remove(name);
    }
  }
  const readingHandler = (route: RouteDefinition = probes.patientRead) =>
    endpoint(route as typeof probes.patientRead, ({ params, audit }) => {
      audit.read({ entity: 'Patient', id: params.patientId, PatientID: params.patientId });
      return { ok: true };
    });

  it('checks the answer while the read records are being stored, and answers only once they are', async () => {
    const { user } = await signedInUser('Nurse');
    const steps: string[] = [];
    const checked = {
      ...probes.patientRead,
      response: z.object({ ok: z.boolean() }).refine(() => steps.push('answer checked') > 0),
    } satisfies RouteDefinition;
    const result = await withAuditPuts(
      async (send) => {
        steps.push('record sent');
        const stored = await send();
        steps.push('record stored');
        return stored;
      },
      () => readingHandler(checked)(eventFor(checked, user.UserID, { patientId: 'patient-overlap' }), context),
    );
    steps.push('answered');
    expect(result.statusCode).toBe(200);
    expect(steps).toEqual(['record sent', 'answer checked', 'record stored', 'answered']);
  });

  it('answers 500, and no data, when the read records cannot be stored', async () => {
    const { user } = await signedInUser('Nurse');
    const result = await withAuditPuts(
      async () => {
        throw new Error('the table is unreachable');
      },
      () => readingHandler()(eventFor(probes.patientRead, user.UserID, { patientId: 'patient-unaudited' }), context),
    );
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ message: [messages.errors.internal] });
  });

  it('stores the read records of an answer that breaks its contract, and answers 500', async () => {
    const { user } = await signedInUser('Nurse');
    const handler = endpoint(probes.patientRead, ({ params, audit }) => {
      audit.read({ entity: 'Patient', id: params.patientId, PatientID: params.patientId });
      return { ok: 'yes' } as unknown as { ok: boolean };
    });
    const result = await handler(eventFor(probes.patientRead, user.UserID, { patientId: 'patient-broken-answer' }), context);
    expect(result.statusCode).toBe(500);
    expect((await auditRepository.listByPatient('patient-broken-answer')).items).toHaveLength(1);
  });
});

describe("the platform's trail, spread over shards", () => {
  it('pages newest first with a cursor, every record exactly once', async () => {
    const month = '2026-01';
    const records = Array.from({ length: 11 }, (_, i) => ({
      AuditID: `paging-${i}`,
      At: `${month}-0${1 + (i % 9)}T10:00:${String(i).padStart(2, '0')}.000Z`,
      UserID: 'user-paging',
      Role: 'Nurse',
      Route: 'GET /probe',
      Action: 'read' as const,
      Entity: 'Patient',
      EntityID: `patient-${i}`,
      SourceIp: '10.0.0.1',
    }));
    await auditRepository.record(records);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await auditRepository.listPlatform(month, { limit: 3, cursor, userId: 'user-paging' });
      seen.push(...page.items.map((item) => item.AuditID));
      cursor = page.cursor;
      pages += 1;
    } while (cursor && pages < 10);
    const newestFirst = [...records].sort((a, b) => `${b.At}#${b.AuditID}`.localeCompare(`${a.At}#${a.AuditID}`)).map((item) => item.AuditID);
    expect(seen).toEqual(newestFirst);
    expect(pages).toBe(4);
  });
});

describe("one person's records in a clinic's, a provider's and a patient's trail", () => {
  it('pages newest first, only that person, every record exactly once', async () => {
    const month = '2026-02';
    const records = Array.from({ length: 23 }, (_, i) => ({
      AuditID: `person-${i}`,
      At: `${month}-${String(1 + (i % 20)).padStart(2, '0')}T10:00:${String(i).padStart(2, '0')}.000Z`,
      // Every third record is the person's; the others are a colleague's, in between.
      UserID: i % 3 === 0 ? 'user-person' : 'user-colleague',
      Role: 'Nurse',
      Route: 'GET /probe',
      Action: 'read' as const,
      Entity: 'Patient',
      EntityID: 'patient-person',
      ServiceProviderID: 'sp-person',
      ClinicID: 'clinic-person',
      PatientID: 'patient-person',
      SourceIp: '10.0.0.1',
    }));
    await auditRepository.record(records);
    const expected = records
      .filter((item) => item.UserID === 'user-person')
      .sort((a, b) => `${b.At}#${b.AuditID}`.localeCompare(`${a.At}#${a.AuditID}`))
      .map((item) => item.AuditID);
    const views = {
      clinic: (cursor?: string) => auditRepository.listByClinic('clinic-person', month, { limit: 3, cursor, userId: 'user-person' }),
      provider: (cursor?: string) => auditRepository.listByProvider('sp-person', month, { limit: 3, cursor, userId: 'user-person' }),
      patient: (cursor?: string) => auditRepository.listByPatient('patient-person', { limit: 3, cursor, userId: 'user-person' }),
    };
    for (const view of Object.values(views)) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await view(cursor);
        seen.push(...page.items.map((item) => item.AuditID));
        cursor = page.cursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(seen).toEqual(expected);
      // 8 records, 3 a page: the last page holds 2 and says there is no more.
      expect(pages).toBe(3);
    }
  });
});

describe('reads of the trail and sign-in events are in the trail', () => {
  const month = () => new Date().toISOString().slice(0, 7);
  // Sign-in refuses a user whose provider does not exist (Cognito's triggers fail closed): the
  // History's clinic is a real one.
  let historyTenant: { ServiceProviderID: string; ClinicID: string; ClinicName: string };
  beforeAll(async () => {
    const provider = await createTestProvider();
    const clinic = await createTestClinic(provider.ServiceProviderID);
    historyTenant = { ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName };
  });

  it('records each read of the History, with what it looked at, where the people responsible see it', async () => {
    const director = await signedInUser('ClinicDirector', historyTenant);
    const path = `/clinicsDirector/${director.user.UserID}/history?month=${month()}&userId=${director.user.UserID}`;
    expect((await api.call('GET', path, { token: director.token })).status).toBe(200);
    const reads = (await auditRepository.listByClinic(historyTenant.ClinicID, month())).items.filter((record) => record.Entity === 'History');
    expect(reads).toEqual([
      expect.objectContaining({
        UserID: director.user.UserID,
        Role: 'ClinicDirector',
        Action: 'read',
        EntityID: `month=${month()} userId=${director.user.UserID}`,
      }),
    ]);
    // The next read shows the first one.
    const again = await api.call('GET', `/clinicsDirector/${director.user.UserID}/history?month=${month()}`, { token: director.token });
    expect((again.body as { items: Array<{ Entity: string }> }).items.some((item) => item.Entity === 'History')).toBe(true);

    const admin = await signedInUser('LiberDiAdmin');
    expect((await api.call('GET', `/liberdiAdmins/${admin.user.UserID}/history?month=${month()}`, { token: admin.token })).status).toBe(200);
    const platformReads = (await auditRepository.listPlatform(month(), { userId: admin.user.UserID })).items;
    expect(platformReads).toEqual([expect.objectContaining({ Entity: 'History', Action: 'read' })]);
  });

  it('keeps a user’s sign-in, failed sign-in, sign-out and password events in the user’s own tenant’s trail, and not in another’s', async () => {
    const provider = await createTestProvider();
    const clinic = await createTestClinic(provider.ServiceProviderID);
    const tenant = { ServiceProviderID: provider.ServiceProviderID, ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName };
    const { user } = await signedInUser('Nurse', tenant);
    const signIn = (Password: string) => api.call('POST', '/signin', { body: { Email: user.Email, Password, reCaptchaToken: human() } });
    expect((await signIn('Wrong!Password1')).status).toBe(401);
    const session = (await signIn(TEST_PASSWORD)).body as { token: string };
    expect((await api.call('POST', '/signout', { token: session.token, body: {} })).status).toBe(200);

    const events = (await auditRepository.listByClinic(clinic.ClinicID, month())).items.filter((record) => record.UserID === user.UserID);
    expect(events.map((record) => record.Entity).sort()).toEqual(['SignInFailed', 'SignedIn', 'SignedOut']);
    expect(events.every((record) => record.ServiceProviderID === provider.ServiceProviderID && record.SourceIp)).toBe(true);
    const elsewhere = (await auditRepository.listByClinic(historyTenant.ClinicID, month())).items.filter((record) => record.UserID === user.UserID);
    expect(elsewhere).toEqual([]);
  });
});
