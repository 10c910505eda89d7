import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AttachThingPrincipalCommand, IoTClient } from '@aws-sdk/client-iot';
import { PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { handler as ingest } from '@functions/devices/ingest-stream';
import { deviceRegistry } from '@functions/lib/device-registry';
import { devicePublisher, publishNotice } from '@functions/lib/device-publisher';
import { requireHuman } from '@functions/lib/human-verification';
import { imageStore } from '@functions/lib/image-store';
import { mailer } from '@functions/lib/mailer';
import { forgetCachedValues } from '@functions/lib/origin-verify';
import { pendingTokenKey } from '@functions/lib/signing-key';
import { handler as originVerify } from '@infra/aws/origin-verify/authorizer';
import { DEVICE_POLICY_NAME } from '@infra/aws/devices-stack';
import { buildPortal } from '@infra/aws/portal';
import type { RouteAccess, RouteDefinition } from '@shared/api/route-definition';
import { routeArea, routeIds, routes } from '@shared/api/routes';
import { deviceDownExamples } from '@shared/device';
import { changeNoticeTopic, type ChangeNotice } from '@shared/live';
import { commandBase, deniedParts, recordAwsCalls, type AwsCall, type PolicyStatement } from '@test/support/aws-calls';
import { createPatientWithDevice, exchangeReport, randomSerialNumber } from '@test/support/devices';
import { batch, streamRecord } from '@test/support/kinesis';
import { useTestTable } from '@test/support/local-services';
import { useMoto } from '@test/support/moto';
import { createDevicePolicy, createImagesBucket, createSecret, verifyMailIdentity } from '@test/support/moto-aws';

// The roles do not depend on the bundles' code: the synth here skips esbuild, so the whole portal builds in seconds.
jest.mock('esbuild', () => ({ buildSync: () => ({ errors: [], warnings: [] }) }));

useTestTable();
useMoto({ endpointsFor: ['IOT', 'IOT_DATA_PLANE', 'SESV2', 'SECRETS_MANAGER', 'S3'] });

/**
 * Least privilege, checked by running the code: every AWS call each adapter makes against moto
 * (sent, or signed into a link) is recorded, and must be allowed by the role the synthesized
 * template gives the Lambda that makes it: a route's Lambda by its route's `access`
 * (infra/aws/api-stack.ts), the ingest, the settings fan-out and the origin-verify authorizer by
 * their stacks. A call the role does not allow (a dropped grant, a wrong name in a resource, a new
 * call no one granted) fails here instead of as AccessDenied on AWS. Actions are matched with
 * IAM's wildcards; resources where the template names them literally (topics, prefixes, the
 * device policy, the mail identity), references to other resources count as any.
 */
const MAIL_FROM = 'no-reply@clinic.example';
// Each adapter's configuration as the stacks set it (checked against the template below).
Object.assign(process.env, { DEVICE_REGISTRY: 'iot', DEVICE_POLICY_NAME, MAIL_TRANSPORT: 'ses', MAIL_FROM, HUMAN_VERIFICATION: 'recaptcha' });

type Scenario = () => Promise<unknown>;

/** IoT Core throttles AttachThingPrincipal, so registration undoes every step before it. */
async function withAttachThingPrincipalThrottled(work: Scenario) {
  const original = IoTClient.prototype.send as (this: IoTClient, command: unknown) => Promise<unknown>;
  const send = (jest.spyOn(IoTClient.prototype, 'send') as jest.SpyInstance).mockImplementation(function (this: IoTClient, command: object) {
    if (command instanceof AttachThingPrincipalCommand) return Promise.reject(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    return original.call(this, command);
  });
  try {
    await work().catch(() => undefined);
  } finally {
    send.mockRestore();
  }
}

/** Google's siteverify, which no test reaches, answers success. */
async function withSiteverify(work: Scenario) {
  const original = globalThis.fetch;
  const spy = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input, init) =>
      String(input).startsWith('https://www.google.com/recaptcha/') ? Response.json({ success: true }) : original(input, init),
    );
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
}

const notice: ChangeNotice = { kind: 'exchange', DeviceID: 'device-1', PatientID: 'patient-1', ClinicID: 'clinic-1', ServiceProviderID: 'sp-1' };
const logo = { files: [{ name: 'logo.png', size: 2048 }] };

/** What each access of the route table makes the route's Lambda do with an AWS-only adapter. */
const byAccess = {
  'iot-register': async () => {
    await deviceRegistry().register(randomSerialNumber());
    await withAttachThingPrincipalThrottled(() => deviceRegistry().register(randomSerialNumber()));
  },
  'iot-publish': async () => {
    const SerialNumber = randomSerialNumber();
    await devicePublisher.prescription({ ...deviceDownExamples.prescription, SerialNumber });
    await devicePublisher.settings(SerialNumber, deviceDownExamples.settings);
    await devicePublisher.clearPrescription(SerialNumber);
  },
  'live-notify': () => publishNotice(changeNoticeTopic(notice), notice),
  mail: () => mailer().send({ to: 'someone@hospital.example', subject: 'PD Clinic Portal', text: 'Hello' }),
  'human-verification': () => withSiteverify(() => requireHuman('browser-token', '203.0.113.7')),
  // Besides Cognito's public sign-in calls, which IAM does not govern: the key of the pending steps.
  'cognito-auth': () => pendingTokenKey(),
  'clinic-logo-upload': () => imageStore.logoLink('clinics', 'clinic-1', logo),
  'clinic-logo-read': () => imageStore.downloadUrl('clinics/clinic-1/logo-1.png'),
  'clinic-logo-delete': () => imageStore.removeReplaced('clinics/clinic-1/logo-1.png', 'clinics/clinic-1/logo-2.png'),
  'provider-logo-upload': () => imageStore.logoLink('providers', 'sp-1', logo),
  'provider-logo-read': () => imageStore.downloadUrl('providers/sp-1/logo-1.png'),
  'provider-logo-delete': () => imageStore.removeReplaced('providers/sp-1/logo-1.png', 'providers/sp-1/logo-2.png'),
} satisfies Partial<Record<RouteAccess, Scenario>>;

/**
 * The accesses not run here, and what checks their calls: a new access must be placed in one of
 * the two lists. (Cognito's and the live grant's calls are not yet held to their roles here.)
 */
const checkedElsewhere: Record<Exclude<RouteAccess, keyof typeof byAccess>, string> = {
  'table-write': 'DynamoDB, against each route’s partition keys: test/infra/leading-keys.test.ts',
  'cognito-admin': 'Cognito’s admin calls run against cognito-local in the route tests; stacks.test.ts asserts the granted actions',
  'cognito-sessions': 'as cognito-admin',
  'cognito-user-admin': 'as cognito-admin',
  'live-grant': 'the grant runs against moto’s IoT and Cognito Identity: test/functions/live/live-grants.test.ts',
};

/** What the other Lambdas of the stacks do with an AWS-only adapter. */
const byFunction = {
  // Every route's endpoint chain and the public routes' authorizer read CloudFront's value, both versions.
  originVerify: () => originVerify({ headers: { 'x-origin-verify': 'a-guess' } }),
  ingest: async () => {
    const { device } = await createPatientWithDevice();
    const { batchItemFailures } = await ingest(batch([streamRecord(device.SerialNumber, exchangeReport(new Date(Date.now() - 60_000)))]));
    if (batchItemFailures.length > 0) throw new Error('the ingest failed its batch');
  },
  settingsFanout: () => devicePublisher.settings(randomSerialNumber(), deviceDownExamples.settings),
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-permissions-'));
let stacks: ReturnType<typeof buildPortal>;
const callsOf = new Map<string, AwsCall[]>();

beforeAll(async () => {
  const webDir = path.join(dir, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html>');
  // CloudFormation's own template checks are test/infra/stacks.test.ts's; the roles are what is read here.
  const app = new App({ outdir: path.join(dir, 'cdk.out'), builtinCloudFormationValidation: false });
  stacks = buildPortal(app, { webDir, mailFrom: MAIL_FROM, recaptchaSiteKey: 'site-key' });
  app.synth();

  await createDevicePolicy();
  await createImagesBucket();
  await verifyMailIdentity(MAIL_FROM);
  Object.assign(process.env, {
    PENDING_TOKEN_KEY_ARN: await createSecret('pending-token-key', 'k'.repeat(48)),
    RECAPTCHA_SECRET_ARN: await createSecret('recaptcha', 'recaptcha-secret-key'),
    ORIGIN_VERIFY_SECRET_ARN: await createSecret('origin-verify', 'cloudfront-value'),
  });
  forgetCachedValues();

  const recorder = recordAwsCalls();
  try {
    for (const [name, scenario] of Object.entries({ ...byAccess, ...byFunction })) {
      recorder.take();
      await (scenario as Scenario)();
      // DynamoDB's calls are held to each function's partition keys by the leading-keys tests.
      callsOf.set(
        name,
        recorder.take().filter((call) => call.service !== 'DynamoDB'),
      );
    }
  } finally {
    recorder.restore();
  }
}, 180_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const name of ['PENDING_TOKEN_KEY_ARN', 'RECAPTCHA_SECRET_ARN', 'ORIGIN_VERIFY_SECRET_ARN']) delete process.env[name];
});

const templates = new Map<Stack, Record<string, { Type: string; Properties: Record<string, unknown> }>>();
const resourcesOf = (stack: Stack) => {
  if (!templates.has(stack)) templates.set(stack, Template.fromStack(stack).toJSON().Resources);
  return templates.get(stack)!;
};

/** The statements of a function's role, and its environment, as the synthesized template has them. */
function inTemplate(fn: IFunction) {
  const stack = Stack.of(fn);
  const resources = resourcesOf(stack);
  const roleId = stack.getLogicalId(fn.role!.node.defaultChild as CfnElement);
  const policies = Object.values(resources).filter(
    (resource) => resource.Type === 'AWS::IAM::Policy' && (resource.Properties.Roles as Array<{ Ref?: string }>).some((role) => role.Ref === roleId),
  );
  const statements = policies.flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: PolicyStatement[] }).Statement);
  const lambda = resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)]!;
  const environment = (lambda.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  return { statements, environment };
}

const routeFunction = (routeId: (typeof routeIds)[number]) => stacks.api.areas[routeArea(routeId)]!.functions[routeId]!;
const stackFunction = (stack: Stack, id: string) => stack.node.findChild(id) as IFunction;
const calls = (name: keyof typeof byAccess | keyof typeof byFunction) => callsOf.get(name) ?? [];
const denied = (fn: IFunction, made: AwsCall[]) => {
  const { statements } = inTemplate(fn);
  return made.flatMap((call) => deniedParts(statements, call));
};

describe('every AWS call an adapter makes is allowed by the role of the Lambda that makes it', () => {
  it('records every adapter’s calls: their clients all resolve through the one Command class the recorder watches', () => {
    const base = commandBase(GetSecretValueCommand.prototype);
    for (const command of [AttachThingPrincipalCommand, PublishCommand, SendEmailCommand, DeleteObjectCommand, GetItemCommand])
      expect(commandBase(command.prototype)).toBe(base);
    const recorded = Object.fromEntries(
      [...callsOf].map(([name, made]) => [name, [...new Set(made.map((call) => `${call.service}:${call.operation}`))].sort()]),
    );
    expect(recorded).toEqual({
      'iot-register': [
        'IoT:AttachPolicy',
        'IoT:AttachThingPrincipal',
        'IoT:CreateKeysAndCertificate',
        'IoT:CreateThing',
        'IoT:DeleteCertificate',
        'IoT:DeleteThing',
        'IoT:DetachPolicy',
        'IoT:UpdateCertificate',
      ],
      'iot-publish': ['IoT Data Plane:Publish'],
      'live-notify': ['IoT Data Plane:Publish'],
      mail: ['SESv2:SendEmail'],
      'human-verification': ['Secrets Manager:GetSecretValue'],
      'cognito-auth': ['Secrets Manager:GetSecretValue'],
      'clinic-logo-upload': ['S3:PutObject'],
      'clinic-logo-read': ['S3:GetObject'],
      'clinic-logo-delete': ['S3:DeleteObject'],
      'provider-logo-upload': ['S3:PutObject'],
      'provider-logo-read': ['S3:GetObject'],
      'provider-logo-delete': ['S3:DeleteObject'],
      originVerify: ['Secrets Manager:GetSecretValue'],
      ingest: ['IoT Data Plane:Publish'],
      settingsFanout: ['IoT Data Plane:Publish'],
    });
  });

  it('runs each adapter with the configuration the stacks give its Lambdas', () => {
    const environment = inTemplate(routeFunction('registerDevice')).environment;
    expect(environment).toMatchObject({ DEVICE_REGISTRY: 'iot', DEVICE_POLICY_NAME, MAIL_TRANSPORT: 'ses', MAIL_FROM, HUMAN_VERIFICATION: 'recaptcha' });
    for (const name of ['PENDING_TOKEN_KEY_ARN', 'RECAPTCHA_SECRET_ARN', 'ORIGIN_VERIFY_SECRET_ARN', 'IMAGES_BUCKET', 'AWS_ENDPOINT_URL_IOT_DATA_PLANE']) {
      expect(environment).toHaveProperty(name);
    }
    expect(inTemplate(stackFunction(stacks.api, 'OriginVerify')).environment).toHaveProperty('ORIGIN_VERIFY_SECRET_ARN');
    expect(inTemplate(stackFunction(stacks.devices, 'Ingest')).environment).toHaveProperty('AWS_ENDPOINT_URL_IOT_DATA_PLANE');
  });

  it('places every access of the route table: its adapter runs here, or its calls are checked elsewhere', () => {
    const accesses = new Set(routeIds.flatMap((routeId) => (routes[routeId] as RouteDefinition).access ?? []));
    expect([...accesses].filter((access) => !(access in byAccess) && !(access in checkedElsewhere))).toEqual([]);
  });

  it.each(routeIds)('the %s route', (routeId) => {
    const access: readonly RouteAccess[] = (routes[routeId] as RouteDefinition).access ?? [];
    const made = [...calls('originVerify'), ...access.flatMap((each) => (each in byAccess ? calls(each as keyof typeof byAccess) : []))];
    expect(denied(routeFunction(routeId), made)).toEqual([]);
  });

  it.each([
    ['the origin-verify authorizer', () => stackFunction(stacks.api, 'OriginVerify'), 'originVerify'],
    ['the ingest', () => stackFunction(stacks.devices, 'Ingest'), 'ingest'],
    ['the global settings fan-out', () => stackFunction(stacks.devices, 'GlobalSettingsFanout'), 'settingsFanout'],
  ] as const)('%s', (_, fn, name) => {
    expect(denied(fn(), calls(name))).toEqual([]);
  });
});
