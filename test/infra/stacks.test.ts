import { App, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { FAIL_SYNTH_ON_VALIDATION_ERRORS_CONTEXT, VALIDATION_REPORT_FILE } from 'aws-cdk-lib/cx-api';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUDIT_ARCHIVE_SERVICE, DEFAULT_AUDIT_RETENTION_DAYS } from '@infra/aws/audit-archive';
import { DataStack } from '@infra/aws/data-stack';
import { STACK_OUTPUTS } from '@infra/aws/outputs';
import { acknowledge, checkWithCdkNag, tracing } from '@infra/aws/nag';
import { buildPortal } from '@infra/aws/portal';
import { PortalFunction } from '@infra/aws/portal-function';
import { ACCEPTED_WARNINGS, describeFinding, lintTemplates } from '@infra/ops/cfn-lint';
import { gatewayPath } from '@shared/api/paths';
import { API_TRAILING_SLASH, SERVICE_WORKER_PATH } from '@infra/aws/web-stack';
import { routeIds, routes, type RouteId } from '@shared/api/routes';
import { PUBLIC_ROUTE_CONCURRENCY } from '@infra/aws/api-area-stack';
import { PUBLIC_ROUTE_THROTTLE, STAGE_THROTTLE } from '@infra/aws/api-stack';
import { deviceKeyPatterns, INGEST_CONCURRENCY, INGEST_KEYS, INGEST_PARALLEL_PER_SHARD, INGEST_SERVICE, SKIPPED_CHECK_KEYS } from '@infra/aws/devices-stack';
import { DEAD_LETTER_ALARM } from '@functions/devices/dead-letter-alarm';
import { metricNames } from '@functions/lib/powertools';
import { pascalCase } from '@infra/aws/route-table';
import { ROLES } from '@shared/roles';
import { tableDefinition } from '@shared/table';

/**
 * The CDK app as `npx cdk synth` builds it (a stand-in web folder instead of the real build):
 * the stacks of the design card, read from the synthesized templates; cdk-nag's AWS Solutions,
 * HIPAA Security and NIST 800-53 rev 5 packs with no finding left unacknowledged and each
 * acknowledgement on the construct it concerns; and cfn-lint over the same templates.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-cdk-'));
const webDir = path.join(dir, 'web');
const outdir = path.join(dir, 'cdk.out');
let stacks: ReturnType<typeof buildPortal>;
interface ValidationReport {
  pluginReports: Array<{
    pluginName: string;
    conclusion: string;
    violations: Array<{ ruleName: string; violatingConstructs: Array<{ constructPath: string }> }>;
    suppressedViolations?: Array<{ ruleName: string; reason?: string; acknowledgedAt: string; violatingConstructs: Array<{ constructPath: string }> }>;
  }>;
}
let report: ValidationReport;
const suppressedOf = (validation: ValidationReport) => validation.pluginReports.flatMap((plugin) => plugin.suppressedViolations ?? []);

beforeAll(() => {
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html>');
  const app = new App({ outdir, context: { '@aws-cdk/core:defaultCrossStackReferences': 'strong' } });
  stacks = buildPortal(app, { webDir, mailFrom: 'no-reply@clinic.example', recaptchaSiteKey: 'site-key' });
  app.synth();
  report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8'));
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const template = (stack: keyof typeof stacks) => Template.fromStack(stacks[stack]);
/** The API's nested stacks, one per area, which hold the route Lambdas and routes. */
const areaTemplates = () => Object.values(stacks.api.areas).map((area) => Template.fromStack(area));
const resourcesOf = (templates: Template[], type: string) => templates.flatMap((t) => Object.entries(t.findResources(type)));

interface Statement {
  Effect?: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string[]>>;
}
/** The statements of a route Lambda's role policy. */
function statementsOf(routeId: RouteId): Statement[] {
  const prefix = `Route${pascalCase(routeId)}ServiceRole`;
  const policies = resourcesOf(areaTemplates(), 'AWS::IAM::Policy').filter(([logicalId]) => logicalId.startsWith(prefix));
  expect(policies).toHaveLength(1);
  return (policies[0]![1] as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement;
}
const actionsOf = (statement: Statement) => [statement.Action].flat();
const dynamoStatements = (routeId: RouteId) =>
  statementsOf(routeId).filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
/** The LeadingKeys patterns a route's Lambda may read and write. */
function leadingKeys(routeId: RouteId): { read: string[]; write: string[] } {
  const patterns = (action: string) =>
    dynamoStatements(routeId)
      .filter((statement) => statement.Effect !== 'Deny' && actionsOf(statement).includes(action))
      .flatMap((statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? ['<no condition>'])
      .sort();
  return { read: patterns('dynamodb:GetItem'), write: patterns('dynamodb:PutItem') };
}

describe('the CDK app', () => {
  it('passes cdk-nag AwsSolutions, HIPAA Security and NIST 800-53 rev 5 with every acknowledgement reasoned', () => {
    const conclusions = Object.fromEntries(report.pluginReports.map((plugin) => [plugin.pluginName, [plugin.conclusion, plugin.violations.length]]));
    expect(conclusions).toEqual({ AwsSolutions: ['success', 0], 'HIPAA.Security': ['success', 0], 'NIST.800.53.R5': ['success', 0] });
    const suppressed = suppressedOf(report);
    expect(suppressed.length).toBeGreaterThan(0);
    expect(suppressed.filter((finding) => !(finding.reason && finding.reason.length > 30))).toEqual([]);
    // Fixed rather than acknowledged: the web ACL on CloudFront, customer keys on the log groups,
    // the table's indexes named one by one, the table key's actions without wildcards.
    const rules = suppressed.map((finding) => finding.ruleName);
    for (const fixed of ['AwsSolutions-CFR2', 'HIPAA.Security-CloudWatchLogGroupEncrypted', 'NIST.800.53.R5-CloudWatchLogGroupEncrypted'])
      expect(rules).not.toContain(fixed);
    expect(rules.filter((rule) => /\/index\/\*\]|kms:ReEncrypt\*|kms:GenerateDataKey\*/.test(rule))).toEqual([]);
  });

  it('acknowledges each cdk-nag finding on the construct it concerns, never on a stack', () => {
    const stackPaths = new Set(
      stacks.data.node.root.node
        .findAll()
        .filter((construct) => Stack.isStack(construct))
        .map((stack) => stack.node.path),
    );
    expect(stackPaths.size).toBe(Object.keys(stacks).length + Object.keys(stacks.api.areas).length);
    const suppressed = suppressedOf(report);
    expect(suppressed.filter((finding) => stackPaths.has(finding.acknowledgedAt) || finding.acknowledgedAt === '').map((finding) => finding.ruleName)).toEqual(
      [],
    );
    // A '*' is acknowledged on the very policy that holds it (the role resource for X-Ray's).
    const anyResource = suppressed.filter((finding) => finding.ruleName === 'AwsSolutions-IAM5[Resource::*]');
    expect(anyResource.length).toBeGreaterThan(routeIds.length);
    expect(
      anyResource.flatMap((finding) =>
        finding.violatingConstructs
          .filter((resource) => ![finding.acknowledgedAt, `${finding.acknowledgedAt}/Resource`].includes(resource.constructPath))
          .map((resource) => `${resource.constructPath} by ${finding.acknowledgedAt}`),
      ),
    ).toEqual([]);
  });

  it("grants '*' only for the actions IAM cannot narrow to a resource, each in the policy that says why", () => {
    interface Document {
      Statement: Array<{ Effect: string; Action: string | string[]; Resource: unknown }>;
    }
    const all = [...Object.values(stacks).map((stack) => Template.fromStack(stack)), ...areaTemplates()];
    const documents = all.flatMap((t) => [
      ...Object.entries(t.findResources('AWS::IAM::Policy')).map(([id, policy]) => ({ id, document: policy.Properties.PolicyDocument as Document })),
      ...Object.entries(t.findResources('AWS::IAM::Role')).flatMap(([id, role]) =>
        ((role.Properties.Policies ?? []) as Array<{ PolicyName: string; PolicyDocument: Document }>).map((inline) => ({
          id: `${id}.${inline.PolicyName}`,
          document: inline.PolicyDocument,
        })),
      ),
    ]);
    const onAnyResource = documents.flatMap(({ id, document }) =>
      document.Statement.filter((statement) => statement.Effect === 'Allow' && [statement.Resource].flat().includes('*')).map(
        (statement) => `${[statement.Action].flat().sort().join(',')} in ${id.replace(/[0-9A-F]{8}(?=\.|$)/, '')}`,
      ),
    );
    const portalFunctions = stacks.data.node.root.node.findAll().filter((construct) => construct instanceof PortalFunction);
    const tracing = onAnyResource.filter((grant) => /^xray:PutTelemetryRecords,xray:PutTraceSegments in \w+ServiceRole\.Tracing$/.test(grant));
    expect(tracing).toHaveLength(portalFunctions.length);
    expect(onAnyResource.filter((grant) => !tracing.includes(grant)).sort()).toEqual(
      [
        'iot:CreateKeysAndCertificate in RouteRegisterDeviceCreateCertificates',
        'iot:ListAttachedPolicies in RouteGrantLiveNoticesListAttachedPolicies',
        'iot:ListAttachedPolicies in LiveGrantsEndFunctionListAttachedPolicies',
        'dynamodb:ListStreams in AuditArchiveArchiverServiceRoleDefaultPolicy',
        'dynamodb:ListStreams in LiveGrantsEndFunctionServiceRoleDefaultPolicy',
        'iot:DescribeEndpoint in IotDataEndpointCustomResourcePolicy',
        // An SMS of the escalation check: a phone number has no ARN (every topic is denied).
        'sns:Publish in EscalationCheckSendSms',
        'cloudfront:CreateInvalidation,cloudfront:GetInvalidation in CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756CServiceRoleDefaultPolicy',
      ].sort(),
    );
  });

  it('has one table with the shared keys and indexes, point-in-time recovery, deletion protection and a backup plan', () => {
    const data = template('data');
    data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) =>
        Match.objectLike({ IndexName: gsi.indexName, Projection: { ProjectionType: gsi.projection } }),
      ),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      SSESpecification: Match.objectLike({ SSEEnabled: true, SSEType: 'KMS' }),
    });
    data.resourceCountIs('AWS::DynamoDB::Table', 1);
    data.resourceCountIs('AWS::Backup::BackupSelection', 1);
  });

  it('outputs the table and the user pool under the names npm run create-admin reads from the outputs file of cdk deploy', () => {
    const refOf = (stack: 'data' | 'identity', type: string) => ({ Ref: Object.keys(template(stack).findResources(type))[0] });
    template('data').hasOutput(STACK_OUTPUTS.tableName, { Value: refOf('data', 'AWS::DynamoDB::Table') });
    template('identity').hasOutput(STACK_OUTPUTS.userPoolId, { Value: refOf('identity', 'AWS::Cognito::UserPool') });
  });

  it('has a user pool with one group per role, optional TOTP, the password rule and a USER_PASSWORD_AUTH client', () => {
    const identity = template('identity');
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      Policies: {
        PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireNumbers: true, RequireSymbols: true, RequireUppercase: true, RequireLowercase: true }),
      },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
    const groups = Object.values(identity.findResources('AWS::Cognito::UserPoolGroup')).map(
      (group) => (group as { Properties: { GroupName: string } }).Properties.GroupName,
    );
    expect(groups).toEqual([...ROLES]);
    identity.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlows: Match.absent(),
      AllowedOAuthFlowsUserPoolClient: false,
      CallbackURLs: Match.absent(),
      GenerateSecret: false,
      EnableTokenRevocation: true,
    });
    // Cognito reads a missing or empty list as 'every standard attribute'.
    const client = Object.values(identity.findResources('AWS::Cognito::UserPoolClient'))[0] as { Properties: { WriteAttributes?: string[] } };
    expect(client.Properties.WriteAttributes?.length).toBeGreaterThan(0);
    expect(client.Properties.WriteAttributes).not.toContain('email');
  });

  it('has one Node 22 Lambda and one API route per route of the route table, with the JWT authorizer on all but the public ones, which only CloudFront may call', () => {
    const api = template('api');
    const areas = areaTemplates();
    const functions = resourcesOf(areas, 'AWS::Lambda::Function').map(([, fn]) => fn) as Array<{
      Properties: { Runtime: string; Architectures: string[]; Description: string };
    }>;
    const portalFunctions = functions.filter((fn) => fn.Properties.Runtime === 'nodejs22.x');
    expect(portalFunctions.map((fn) => fn.Properties.Description).sort()).toEqual(routeIds.map((id) => `${routes[id].method} ${routes[id].path}`).sort());
    expect(portalFunctions.every((fn) => fn.Properties.Architectures[0] === 'arm64')).toBe(true);
    // Signed-in routes check CloudFront's header in their endpoint chain (a route takes one authorizer only).
    const withOriginCheck = functions.filter((fn) => JSON.stringify(fn.Properties).includes('ORIGIN_VERIFY_SECRET_ARN'));
    expect(withOriginCheck).toHaveLength(routeIds.length);
    for (const id of routeIds) expect(JSON.stringify(statementsOf(id))).toContain('secretsmanager:GetSecretValue');

    const apiRoutes = resourcesOf(areas, 'AWS::ApiGatewayV2::Route').map(([, route]) => route) as Array<{
      Properties: { RouteKey: string; AuthorizationType?: string };
    }>;
    const byKey = Object.fromEntries(apiRoutes.map((route) => [route.Properties.RouteKey, route.Properties.AuthorizationType ?? 'NONE']));
    expect(byKey).toEqual(
      Object.fromEntries(routeIds.map((id) => [`${routes[id].method} ${gatewayPath(routes[id].path)}`, routes[id].token !== 'session' ? 'CUSTOM' : 'JWT'])),
    );
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', { AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: ['$request.header.x-origin-verify'],
      EnableSimpleResponses: true,
    });
    api.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 2);
    // CloudFront sends the secret, resolved at deploy time, never in the template.
    const distribution = JSON.stringify(template('web').findResources('AWS::CloudFront::Distribution'));
    expect(distribution).toContain('"HeaderName":"x-origin-verify"');
    expect(distribution).toContain('{{resolve:secretsmanager:');
  });

  it('grants each route only its access: sign-in may set a password and end sessions but not write users, recovery touches no Cognito', () => {
    const actions = (routeId: RouteId) => JSON.stringify(statementsOf(routeId));
    // A recovery request only mails a one-time password; the sign-in that uses it sets it (docs/security.md).
    expect(actions('signIn')).toContain('cognito-idp:AdminSetUserPassword');
    expect(actions('signIn')).not.toContain('cognito-idp:AdminCreateUser');
    expect(actions('changePassword')).toContain('cognito-idp:AdminUserGlobalSignOut');
    expect(actions('forgotPassword')).not.toContain('cognito-idp:');
    expect(actions('signIn')).toContain('secretsmanager:GetSecretValue');
    expect(leadingKeys('getSession').write).toEqual([]);
    expect(actions('initGlobalSettings')).toContain('dynamodb:PutItem');
  });

  it("limits each route's Lambda to the partition keys of its route (dynamodb:LeadingKeys)", () => {
    expect(leadingKeys('getGlobalSettings')).toEqual({ read: ['GLOBAL', 'REVOKED#*', 'SESSION#*', 'USER#*'], write: [] });
    expect(leadingKeys('initGlobalSettings')).toEqual({ read: ['AUDIT#*', 'GLOBAL', 'REVOKED#*', 'SESSION#*', 'USER#*'], write: ['AUDIT#*', 'GLOBAL'] });
    expect(leadingKeys('signIn')).toEqual({
      read: [
        'AUDIT#*',
        'CLINIC#*',
        'COUNTER#*',
        'EMAIL#*',
        'GLOBAL',
        'RECOVERY#*',
        'REFRESH#*',
        'REVOKED#*',
        'SESSION#*',
        'SIGNIN#*',
        'SP#*',
        'STATS',
        'USER#*',
      ],
      write: ['AUDIT#*', 'RECOVERY#*', 'REFRESH#*', 'REVOKED#*', 'SESSION#*', 'SIGNIN#*', 'USER#*'],
    });
    expect(leadingKeys('signOut')).toEqual({ read: ['AUDIT#*', 'REVOKED#*', 'SESSION#*', 'USER#*'], write: ['AUDIT#*', 'REVOKED#*', 'SESSION#*'] });
    expect(leadingKeys('refreshSession')).toEqual({ read: ['REFRESH#*', 'SESSION#*'], write: ['SESSION#*'] });
    for (const id of routeIds) {
      // Every table statement of every route is conditioned; a route that writes says what.
      const allows = dynamoStatements(id).filter((statement) => (statement as Statement & { Effect?: string }).Effect !== 'Deny');
      expect(allows.every((statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'])).toBe(true);
      // A route writes exactly when it has 'table-write' and names what it writes.
      const route = routes[id] as { access?: readonly string[]; writeKeys?: readonly string[] };
      expect([id, route.access?.includes('table-write') ?? false]).toEqual([id, (route.writeKeys ?? []).length > 0]);
      expect([id, leadingKeys(id).write.length > 0]).toEqual([id, (route.writeKeys ?? []).length > 0]);
      if (routes[id].token === 'session') expect(leadingKeys(id).read).toEqual(expect.arrayContaining(['USER#*', 'REVOKED#*', 'SESSION#*']));
    }
  });

  it('lets no Lambda change or delete an audit record, and none that does not audit write one: every writer is denied that on AUDIT# keys', () => {
    const writers = routeIds.filter((id) => leadingKeys(id).write.length > 0);
    expect(writers).toContain('initGlobalSettings');
    const deniedOf = (statements: Statement[]) =>
      statements
        .filter((statement) => statement.Effect === 'Deny')
        .map((statement) => ({ actions: actionsOf(statement).sort(), keys: statement.Condition?.['ForAnyValue:StringLike']?.['dynamodb:LeadingKeys'] }));
    const immutable = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'];
    for (const id of writers) {
      // A put of a new record is all an auditing route keeps; a route that does not audit may not write the trail at all.
      const audits = leadingKeys(id).write.includes('AUDIT#*');
      expect({ id, denied: deniedOf(dynamoStatements(id)) }).toEqual({
        id,
        denied: [{ actions: audits ? immutable : [...immutable, 'dynamodb:PutItem'].sort(), keys: ['AUDIT#*'] }],
      });
    }
    expect(writers.filter((id) => !leadingKeys(id).write.includes('AUDIT#*')).length).toBeGreaterThan(0);

    // The device side audits nothing: its writers are denied every write of the trail, and granted exactly their own partitions.
    const devicePolicies = Object.entries(template('devices').findResources('AWS::IAM::Policy'));
    for (const [prefix, keys] of [
      ['IngestServiceRole', INGEST_KEYS],
      ['SkippedExchangeCheckServiceRole', SKIPPED_CHECK_KEYS],
    ] as const) {
      const policies = devicePolicies.filter(([logicalId]) => logicalId.startsWith(prefix));
      expect(policies).toHaveLength(1);
      const statements = (policies[0]![1] as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement.filter(
        (statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')),
      );
      expect(deniedOf(statements)).toEqual([{ actions: [...immutable, 'dynamodb:PutItem'].sort(), keys: ['AUDIT#*'] }]);
      const allowed = (action: string) =>
        statements
          .filter((statement) => statement.Effect !== 'Deny' && actionsOf(statement).includes(action))
          .flatMap((statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? ['<no condition>'])
          .sort();
      expect({ prefix, read: allowed('dynamodb:GetItem'), write: allowed('dynamodb:PutItem') }).toEqual({
        prefix,
        read: deviceKeyPatterns(keys).read.sort(),
        write: deviceKeyPatterns(keys).write.sort(),
      });
    }
  });

  it('copies every audit record, and any change of one, from the table stream to a bucket locked in compliance mode for the retention set', () => {
    const data = template('data');
    data.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } });
    const locked = Object.entries(data.findResources('AWS::S3::Bucket')).filter(
      ([, bucket]) => (bucket as { Properties: { ObjectLockEnabled?: boolean } }).Properties.ObjectLockEnabled,
    );
    expect(locked).toHaveLength(1);
    const [bucketId, bucket] = locked[0]! as [string, { Properties: Record<string, unknown>; DeletionPolicy: string }];
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties).toMatchObject({
      ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: DEFAULT_AUDIT_RETENTION_DAYS } } },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: expect.anything() } }],
      },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LoggingConfiguration: { DestinationBucketName: expect.anything(), LogFilePrefix: 'audit-archive/' },
    });
    // No lifecycle rule expires a version, current or not.
    expect(JSON.stringify(bucket.Properties.LifecycleConfiguration ?? {})).not.toMatch(/Expiration|ExpiredObjectDeleteMarker/);
    expect(DEFAULT_AUDIT_RETENTION_DAYS).toBeGreaterThanOrEqual(6 * 365 + 2);
    const bucketPolicy = JSON.stringify(data.findResources('AWS::S3::BucketPolicy'));
    expect(bucketPolicy).toContain(`"Bucket":{"Ref":"${bucketId}"}`);
    expect(bucketPolicy).toContain('"aws:SecureTransport":"false"');

    // The archiver reads the stream, audit items only, whatever happened to them, and reports failed records.
    data.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Table'), 'StreamArn'] },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { pk: { S: [{ prefix: 'AUDIT#' }] } } } }) }] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    // It may put new objects, and nothing else: no read, delete or retention change, no table write.
    const archiverPolicy = Object.entries(data.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith('AuditArchiveArchiverServiceRole'));
    expect(archiverPolicy).toHaveLength(1);
    const actions = (archiverPolicy[0]![1] as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement.flatMap(
      actionsOf,
    );
    expect(actions.filter((action) => action.startsWith('s3:'))).toEqual(['s3:PutObject']);
    expect(actions.filter((action) => action.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
      'dynamodb:ListStreams',
    ]);
    // A change or delete of an audit item in the table is an alarm.
    data.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'PdPortal',
      MetricName: 'AuditRecordTampered',
      Dimensions: [{ Name: 'service', Value: AUDIT_ARCHIVE_SERVICE }],
      Threshold: 1,
      AlarmActions: [Match.anyValue()],
    });
  });

  it('takes the archive retention from one setting, in whole days', () => {
    const app = new App({ outdir: path.join(dir, 'retention') });
    const longer = new DataStack(app, 'Longer', { auditRetentionDays: 10 * 365 + 3 });
    Template.fromStack(longer).hasResourceProperties('AWS::S3::Bucket', {
      ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 10 * 365 + 3 } } },
    });
    for (const wrong of [0, 1.5, Number.NaN]) expect(() => new DataStack(new App(), 'Wrong', { auditRetentionDays: wrong })).toThrow(/whole number of days/);
  });

  it('grants Scan (or any dynamodb:*) to no Lambda of any stack', () => {
    const all = [...Object.values(stacks).map((stack) => Template.fromStack(stack)), ...areaTemplates()];
    for (const t of all) {
      const policies = JSON.stringify([t.findResources('AWS::IAM::Policy'), t.findResources('AWS::IAM::Role')]);
      expect(policies).not.toContain('dynamodb:Scan');
      expect(policies).not.toContain('"dynamodb:*"');
    }
  });

  it('keeps the public sign-in Lambdas away from patient data, with reserved concurrency and tighter throttling', () => {
    const publicRoutes = routeIds.filter((id) => routes[id].token !== 'session');
    expect(publicRoutes.length).toBeGreaterThanOrEqual(4);
    for (const id of publicRoutes) {
      const { read, write } = leadingKeys(id);
      expect([...read, ...write].filter((pattern) => pattern.startsWith('PATIENT') || pattern === '<no condition>' || pattern === '*')).toEqual([]);
    }
    const functions = resourcesOf(areaTemplates(), 'AWS::Lambda::Function').map(
      ([, fn]) => (fn as { Properties: { Description: string; ReservedConcurrentExecutions?: number } }).Properties,
    );
    for (const id of publicRoutes) {
      expect(functions.find((fn) => fn.Description === `${routes[id].method} ${routes[id].path}`)?.ReservedConcurrentExecutions).toBe(PUBLIC_ROUTE_CONCURRENCY);
    }
    const routeSettings = Object.fromEntries(
      publicRoutes.map((id) => [
        `${routes[id].method} ${gatewayPath(routes[id].path)}`,
        { ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit, ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit },
      ]),
    );
    template('api').hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit, ThrottlingRateLimit: STAGE_THROTTLE.rateLimit },
      RouteSettings: routeSettings,
    });
    expect(PUBLIC_ROUTE_THROTTLE.rateLimit).toBeLessThan(STAGE_THROTTLE.rateLimit);
  });

  it('routes device messages from IoT Core through a stream keyed by device into the ingest Lambda, keeping failures, and limits devices to their own topics', () => {
    const devices = template('devices');
    devices.hasResourceProperties('AWS::IoT::TopicRule', {
      TopicRulePayload: Match.objectLike({
        Sql: "SELECT encode(*, 'base64') AS payload, topic() AS topic, clientid() AS clientId, timestamp() AS receivedAt FROM 'pd/devices/+/up/+'",
        Actions: [{ Kinesis: Match.objectLike({ PartitionKey: '${clientid()}' }) }],
        ErrorAction: { Sqs: Match.anyValue() },
      }),
    });
    devices.hasResourceProperties('AWS::Kinesis::Stream', {
      StreamModeDetails: { StreamMode: 'ON_DEMAND' },
      StreamEncryption: { EncryptionType: 'KMS', KeyId: 'alias/aws/kinesis' },
      RetentionPeriodHours: 168,
    });
    // Each device's records in order, a failed record given again from where it failed, then kept in the queue.
    devices.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ParallelizationFactor: INGEST_PARALLEL_PER_SHARD,
      StartingPosition: 'TRIM_HORIZON',
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    const ingest = Object.entries(devices.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith('Ingest'));
    expect(ingest).toHaveLength(1);
    expect(ingest[0]![1]).toMatchObject({ Properties: { ReservedConcurrentExecutions: INGEST_CONCURRENCY } });
    expect(INGEST_CONCURRENCY).toBeGreaterThanOrEqual(4 * INGEST_PARALLEL_PER_SHARD);
    devices.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'IteratorAge', Threshold: 60_000 });
    const policy = JSON.stringify(devices.findResources('AWS::IoT::Policy'));
    expect(policy).toContain('pd/devices/${iot:Connection.Thing.ThingName}/up/*');
    expect(policy).toContain('pd/devices/${iot:Connection.Thing.ThingName}/down/*');
    devices.hasResourceProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'rate(5 minutes)' });
  });

  it("runs the portal's sign-in rules in Cognito's triggers, which may only read users and providers", () => {
    const identity = template('identity');
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PreAuthentication: Match.anyValue(), PreTokenGeneration: Match.anyValue() },
    });
    const functions = identity.findResources('AWS::Lambda::Function');
    const roleOf = (description: string) => {
      const found = Object.values(functions).find((fn) =>
        String((fn as { Properties: { Description?: string } }).Properties.Description).startsWith(description),
      );
      return (found as { Properties: { Role: { 'Fn::GetAtt': [string, string] } } }).Properties.Role['Fn::GetAtt'][0];
    };
    const policiesOf = (description: string) => {
      const role = roleOf(description);
      return Object.values(identity.findResources('AWS::IAM::Policy'))
        .filter((policy) => JSON.stringify((policy as { Properties: { Roles: unknown[] } }).Properties.Roles).includes(`"${role}"`))
        .flatMap((policy) => (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement);
    };
    for (const description of ['Cognito pre-authentication', 'Cognito pre-token generation']) {
      const statements = policiesOf(description);
      const dynamo = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
      expect(dynamo.flatMap(actionsOf).sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query']);
      expect(JSON.stringify(dynamo)).toContain('"dynamodb:LeadingKeys":["USER#*","SP#*"]');
      const secrets = statements.flatMap(actionsOf).filter((action) => action.startsWith('secretsmanager:'));
      // Only the pre-authentication trigger checks the sign-in's proof, signed with the pending-token key.
      expect(secrets.length > 0).toBe(description === 'Cognito pre-authentication');
    }
  });

  it("gives browsers live notices through an identity pool whose role may only connect as itself and receive the portal's notices", () => {
    const identity = template('identity');
    identity.hasResourceProperties('AWS::Cognito::IdentityPool', {
      AllowUnauthenticatedIdentities: false,
      AllowClassicFlow: false,
      CognitoIdentityProviders: [Match.objectLike({ ServerSideTokenCheck: true })],
    });
    identity.hasResourceProperties('AWS::Cognito::IdentityPoolRoleAttachment', { Roles: { authenticated: Match.anyValue() } });
    const [liveRoleId, liveRole] = Object.entries(identity.findResources('AWS::IAM::Role')).find(([, role]) =>
      JSON.stringify(role).includes('cognito-identity.amazonaws.com'),
    )!;
    expect(JSON.stringify(liveRole)).toContain('"cognito-identity.amazonaws.com:amr":"authenticated"');
    expect(JSON.stringify(liveRole)).toContain('sts:AssumeRoleWithWebIdentity');
    const statements = Object.values(identity.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify((policy as { Properties: { Roles: unknown } }).Properties.Roles).includes(liveRoleId))
      .flatMap((policy) => (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement);
    expect(statements.flatMap(actionsOf).sort()).toEqual(['iot:Connect', 'iot:Receive', 'iot:Subscribe']);
    const resources = JSON.stringify(statements.map((statement) => statement.Resource));
    expect(resources).toContain(':client/${cognito-identity.amazonaws.com:sub}');
    expect(resources).toContain(':topicfilter/portal/notices/*');
    expect(resources).toContain(':topic/portal/notices/*');
    // The live grant may only make and attach the portal's live IoT policies; the ingest and a hand-entered exchange may publish notices.
    const grant = JSON.stringify(statementsOf('grantLiveNotices'));
    expect(grant).toContain('iot:AttachPolicy');
    expect(grant).toContain(':policy/portal-live-*');
    expect(grant).not.toContain('iot:Publish');
    expect(leadingKeys('grantLiveNotices').write).toEqual(['SESSION#*']);
    // The end of a user's sessions takes the policies away: a function on the table stream, fed
    // session cut-offs only, that may attach and detach the live policies and touch session records alone.
    identity.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { pk: { S: [{ prefix: 'SESSION#' }] }, sk: { S: ['CUTOFF'] } } } }) },
        ],
      },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    // Its grants, and ListAttachedPolicies (which takes only '*') in a policy of its own.
    const endPolicies = Object.entries(identity.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith('LiveGrantsEndFunction'));
    expect(endPolicies).toHaveLength(2);
    const endStatements = endPolicies.flatMap(
      ([, policy]) => (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement,
    );
    expect(
      endStatements
        .flatMap(actionsOf)
        .filter((action) => action.startsWith('iot:'))
        .sort(),
    ).toEqual(['iot:AttachPolicy', 'iot:DetachPolicy', 'iot:ListAttachedPolicies']);
    expect(JSON.stringify(endStatements.filter((statement) => actionsOf(statement).includes('iot:DetachPolicy')))).toContain(':policy/portal-live-*');
    const endKeys = endStatements.flatMap((statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? []);
    expect([...new Set(endKeys)]).toEqual(['SESSION#*']);
    expect(JSON.stringify(statementsOf('addExchangeAsDoctor'))).toContain(':topic/portal/notices/*');
    const ingestPolicies = JSON.stringify(template('devices').findResources('AWS::IAM::Policy'));
    expect(ingestPolicies).toContain(':topic/portal/notices/*');
    // The web's runtime config (config.json, filled in at deploy) names the pool and IoT Core's endpoint.
    const markers = JSON.stringify(template('web').findResources('Custom::CDKBucketDeployment'));
    expect(markers).toMatch(/PdPortalIdentity:ExportsOutputRefLiveNotices/);
    expect(markers).toMatch(/PdPortalDevices:ExportsOutputFnGetAttIotDataEndpoint/);
    // …and the site's CSP lets the page reach them.
    const csp = JSON.stringify(template('web').findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(csp).toMatch(/connect-src 'self' https:\/\/[^;]*wss:\/\//);
    expect(csp).toContain('https://cognito-identity.');
  });

  it('runs the global settings fan-out every minute, one run at a time, publishing only on the devices’ settings topics', () => {
    const devices = template('devices');
    devices.hasResourceProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'rate(1 minute)' });
    const functions = Object.entries(devices.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith('GlobalSettingsFanout'));
    expect(functions).toHaveLength(1);
    expect(functions[0]![1]).toMatchObject({ Properties: { ReservedConcurrentExecutions: 1, Timeout: 300 } });
    const policies = JSON.stringify(
      Object.entries(devices.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith('GlobalSettingsFanoutServiceRole')),
    );
    expect(policies).toContain('topic/pd/devices/*/down/settings');
    expect(policies).not.toContain('/up/');
    expect(policies).not.toContain('dynamodb:Scan');
  });

  it('serves the web from a private bucket through CloudFront, with /api/* sent to the API uncached', () => {
    const web = template('web');
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: Match.arrayWith(['GET', 'POST']),
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
        ]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    // The spec's lists ending in '/' reach their API Gateway routes, which cannot end in '/'.
    const functionCode = Object.values(web.findResources('AWS::CloudFront::Function')).map(
      (fn) => (fn as { Properties: { FunctionCode: string } }).Properties.FunctionCode,
    );
    expect(functionCode).toContain(API_TRAILING_SLASH);
    const rewrite = new Function(`${API_TRAILING_SLASH}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(rewrite({ request: { uri: '/api/v1/webapp/nurses/n1/getAllClinicPatients/' } }).uri).toBe('/api/v1/webapp/nurses/n1/getAllClinicPatients');
    expect(rewrite({ request: { uri: '/api/v1/webapp/signin' } }).uri).toBe('/api/v1/webapp/signin');
    for (const id of routeIds) expect(gatewayPath(routes[id].path).endsWith('/')).toBe(false);
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
  });

  it('serves the service worker uncached, with no-cache for browsers, so a new deployment is seen on the next load', () => {
    const web = template('web');
    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { CacheBehaviors: Array<{ PathPattern: string; CachePolicyId: string; ResponseHeadersPolicyId: { Ref: string } }> } };
    };
    const behavior = distribution.Properties.DistributionConfig.CacheBehaviors.find((b) => b.PathPattern === SERVICE_WORKER_PATH);
    // CloudFront's managed CachingDisabled policy.
    expect(behavior?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    const policy = web.findResources('AWS::CloudFront::ResponseHeadersPolicy')[behavior!.ResponseHeadersPolicyId.Ref] as {
      Properties: { ResponseHeadersPolicyConfig: { CustomHeadersConfig: { Items: unknown[] }; SecurityHeadersConfig: { ContentSecurityPolicy: unknown } } };
    };
    expect(policy.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items).toEqual([{ Header: 'Cache-Control', Value: 'no-cache', Override: true }]);
    // The worker keeps the portal's security headers (its own fetches obey its CSP).
    expect(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy).toBeDefined();
  });

  it('puts a WAF web ACL (rate limits, AWS common rule set, known bad inputs) in front of CloudFront, from us-east-1', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    const edge = template('edge');
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'RateLimit', Action: { Block: {} }, Statement: { RateBasedStatement: Match.objectLike({ AggregateKeyType: 'IP' }) } }),
        Match.objectLike({ Name: 'SignInRateLimit', Statement: { RateBasedStatement: Match.objectLike({ ScopeDownStatement: Match.anyValue() }) } }),
        Match.objectLike({ Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }) } }),
        Match.objectLike({ Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' }) } }),
      ]),
    });
    edge.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', { RedactedFields: Match.arrayWith([{ SingleHeader: { Name: 'authorization' } }]) });
    const distribution = Object.values(template('web').findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { WebACLId?: unknown } };
    };
    expect(JSON.stringify(distribution.Properties.DistributionConfig.WebACLId)).toContain('EdgeWebAclArn');
  });

  it('keeps the images bucket closed to other origins without a custom domain (no CORS for *)', () => {
    const buckets = JSON.stringify(template('data').findResources('AWS::S3::Bucket'));
    expect(buckets).not.toContain('"AllowedOrigins":["*"]');
  });

  it('alarms operations on dead letters, ingest and scheduled job errors, API 5xx and throttling', () => {
    const alarmsOf = (stack: keyof typeof stacks) =>
      Object.values(template(stack).findResources('AWS::CloudWatch::Alarm')).map(
        (alarm) => (alarm as { Properties: { MetricName?: string; Namespace?: string; AlarmActions?: unknown[] } }).Properties,
      );
    template('data').hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    const alarms = [...alarmsOf('devices'), ...alarmsOf('api')];
    expect(alarms.map((alarm) => `${alarm.Namespace}/${alarm.MetricName}`).sort()).toEqual(
      [
        'AWS/SQS/ApproximateNumberOfMessagesVisible',
        'AWS/Lambda/Errors',
        'AWS/Lambda/Throttles',
        // The ingest behind the device stream.
        'AWS/Lambda/IteratorAge',
        // Dead letters coming fast.
        'PdPortal/DeviceMessageDeadLettered',
        'AWS/Lambda/Errors',
        // The global settings fan-out.
        'AWS/Lambda/Errors',
        // The escalation check of unresolved alerts.
        'AWS/Lambda/Errors',
        'AWS/ApiGateway/5xx',
        'PdPortal/ApiThrottledRequests',
        'AWS/Lambda/Throttles',
        // An administrator's required TOTP turned off outside the portal.
        'PdPortal/SecurityEvent',
      ].sort(),
    );
    expect(alarms.every((alarm) => alarm.AlarmActions?.length === 1)).toBe(true);
    template('api').hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: '{ $.status = "429" }' });
  });

  it('alarms when dead letters come faster than DEAD_LETTER_ALARM, counted under the service the ingest writes them as', () => {
    const devices = template('devices');
    devices.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'PdPortal',
      MetricName: metricNames.deviceMessageDeadLettered,
      Dimensions: [{ Name: 'service', Value: INGEST_SERVICE }],
      Statistic: 'Sum',
      Period: DEAD_LETTER_ALARM.minutes * 60,
      EvaluationPeriods: 1,
      Threshold: DEAD_LETTER_ALARM.letters,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    devices.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('^Takes device messages'),
      Environment: { Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: INGEST_SERVICE }) },
    });
  });

  it('encrypts every log group with a customer key', () => {
    const logGroups = [...Object.values(stacks).map((stack) => Template.fromStack(stack)), ...areaTemplates()].flatMap((t) =>
      Object.values(t.findResources('AWS::Logs::LogGroup')),
    );
    expect(logGroups.length).toBeGreaterThan(routeIds.length);
    expect(logGroups.filter((group) => !(group as { Properties: { KmsKeyId?: unknown } }).Properties.KmsKeyId)).toEqual([]);
  });

  it("keeps every stack far from CloudFormation's 500 resources", () => {
    const stacksAndAreas = [...Object.values(stacks), ...Object.values(stacks.api.areas)];
    for (const stack of stacksAndAreas) expect(Object.keys(Template.fromStack(stack).toJSON().Resources).length).toBeLessThan(250);
  });
});

describe('cdk-nag acknowledgements', () => {
  it("report a new grant on '*' to a portal Lambda, beside the '*' acknowledged on the policies that hold them", () => {
    const probeDir = path.join(dir, 'nag-probe');
    mkdirSync(probeDir, { recursive: true });
    const entry = path.join(probeDir, 'handler.ts');
    writeFileSync(entry, 'export const handler = async () => ({});\n');
    const app = new App({ outdir: path.join(probeDir, 'cdk.out'), context: { [FAIL_SYNTH_ON_VALIDATION_ERRORS_CONTEXT]: false } });
    const stack = new Stack(app, 'Probe');
    const logKey = new Key(stack, 'LogKey', { enableKeyRotation: true });
    const reasoned = new PortalFunction(stack, 'Reasoned', { entry, logKey });
    reasoned.grantOnAnyResource('ListAttachedPolicies', ['iot:ListAttachedPolicies'], 'the target is named in the request.');
    const unreasoned = new PortalFunction(stack, 'Unreasoned', { entry, logKey });
    unreasoned.addToRolePolicy(new PolicyStatement({ actions: ['iot:CreateKeysAndCertificate'], resources: ['*'] }));
    // What the portal's stacks never do: acknowledge for a whole stack.
    expect(() => acknowledge(stack, tracing)).toThrow(/not on Probe/);
    checkWithCdkNag(app);
    app.synth();

    const probe = JSON.parse(readFileSync(path.join(probeDir, 'cdk.out', VALIDATION_REPORT_FILE), 'utf8')) as ValidationReport;
    const anyResource = (validation: ValidationReport['pluginReports'][number]['violations']) =>
      validation
        .filter((finding) => finding.ruleName === 'AwsSolutions-IAM5[Resource::*]')
        .flatMap((finding) => finding.violatingConstructs.map((r) => r.constructPath));
    const awsSolutions = probe.pluginReports.find((plugin) => plugin.pluginName === 'AwsSolutions')!;
    expect(anyResource(awsSolutions.violations)).toEqual(['Probe/Unreasoned/ServiceRole/DefaultPolicy/Resource']);
    expect(anyResource(awsSolutions.suppressedViolations ?? []).sort()).toEqual(
      ['Probe/Reasoned/ListAttachedPolicies/Resource', 'Probe/Reasoned/ServiceRole/Resource', 'Probe/Unreasoned/ServiceRole/Resource'].sort(),
    );
    // Nothing else of a portal Lambda is left to acknowledge where it is used but its invocation (DLQ) and concurrency.
    const others = probe.pluginReports.flatMap((plugin) => plugin.violations.map((finding) => finding.ruleName.replace(/^[\w.]+-/, '')));
    expect([...new Set(others)].sort()).toEqual(['IAM5[Resource::*]', 'LambdaConcurrency', 'LambdaDLQ']);
  }, 60_000);
});

describe('cfn-lint', () => {
  it('finds no error in any template, nested ones included, and only the warnings accepted for a reason', async () => {
    const { templates, findings } = await lintTemplates(outdir);
    expect(templates).toHaveLength(Object.keys(stacks).length + Object.keys(stacks.api.areas).length);
    const unaccepted = findings.filter((finding) => !(finding.Level === 'Warning' && ACCEPTED_WARNINGS[finding.Rule.Id]?.accepts(finding)));
    expect(unaccepted.map(describeFinding)).toEqual([]);
    // Each accepted rule is still met, or it goes from the list.
    expect([...new Set(findings.map((finding) => finding.Rule.Id))].sort()).toEqual(Object.keys(ACCEPTED_WARNINGS).sort());
  }, 300_000);
});
