import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPortal } from '../../infra/aws/portal';
import { API_BASE } from '../../shared/api/paths';
import { routeIds, routes } from '../../shared/api/routes';
import { ROLES } from '../../shared/roles';
import { tableDefinition } from '../../shared/table';

/**
 * The CDK app as `npx cdk synth` builds it (a stand-in web folder instead of the real build):
 * the stacks of the design card, read from the synthesized templates, and cdk-nag's AwsSolutions
 * and HIPAA Security packs with no finding left unacknowledged.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-cdk-'));
const webDir = path.join(dir, 'web');
const outdir = path.join(dir, 'cdk.out');
let stacks: ReturnType<typeof buildPortal>;
let report: { pluginReports: Array<{ pluginName: string; conclusion: string; violations: unknown[]; suppressedViolations: Array<{ ruleName: string; reason?: string }> }> };

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

describe('the CDK app', () => {
  it('passes cdk-nag AwsSolutions and HIPAA Security with every acknowledgement reasoned', () => {
    const conclusions = Object.fromEntries(report.pluginReports.map((plugin) => [plugin.pluginName, [plugin.conclusion, plugin.violations.length]]));
    expect(conclusions).toMatchObject({ AwsSolutions: ['success', 0], 'HIPAA.Security': ['success', 0] });
    const suppressed = report.pluginReports.flatMap((plugin) => plugin.suppressedViolations);
    expect(suppressed.length).toBeGreaterThan(0);
    expect(suppressed.filter((finding) => !(finding.reason && finding.reason.length > 30))).toEqual([]);
  });

  it('has one table with the shared keys and indexes, point-in-time recovery, deletion protection and a backup plan', () => {
    const data = template('data');
    data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) =>
        Match.objectLike({ IndexName: gsi.indexName, Projection: { ProjectionType: 'ALL' } }),
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

  it('has a user pool with one group per role, optional TOTP, the password rule and a USER_PASSWORD_AUTH client', () => {
    const identity = template('identity');
    identity.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireNumbers: true, RequireSymbols: true, RequireUppercase: true, RequireLowercase: true }) },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
    const groups = Object.values(identity.findResources('AWS::Cognito::UserPoolGroup')).map((group) => (group as { Properties: { GroupName: string } }).Properties.GroupName);
    expect(groups).toEqual([...ROLES]);
    identity.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH']),
      GenerateSecret: false,
      EnableTokenRevocation: true,
    });
  });

  it('has one Node 22 Lambda and one API route per route of the route table, with the JWT authorizer on all but the public ones', () => {
    const api = template('api');
    const functions = Object.values(api.findResources('AWS::Lambda::Function')) as Array<{ Properties: { Runtime: string; Architectures: string[]; Description: string } }>;
    const portalFunctions = functions.filter((fn) => fn.Properties.Runtime === 'nodejs22.x');
    expect(portalFunctions.map((fn) => fn.Properties.Description).sort()).toEqual(routeIds.map((id) => `${routes[id].method} ${routes[id].path}`).sort());
    expect(portalFunctions.every((fn) => fn.Properties.Architectures[0] === 'arm64')).toBe(true);

    const apiRoutes = Object.values(api.findResources('AWS::ApiGatewayV2::Route')) as Array<{ Properties: { RouteKey: string; AuthorizationType?: string } }>;
    const byKey = Object.fromEntries(apiRoutes.map((route) => [route.Properties.RouteKey, route.Properties.AuthorizationType ?? 'NONE']));
    expect(byKey).toEqual(
      Object.fromEntries(routeIds.map((id) => [`${routes[id].method} ${API_BASE}${routes[id].path}`, routes[id].token === 'session' ? 'JWT' : 'NONE'])),
    );
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', { AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
  });

  it('grants each route only its access: sign-in may set a password and end sessions but not write users, recovery touches no Cognito', () => {
    const api = template('api');
    const policies = api.findResources('AWS::IAM::Policy');
    const actionsOf = (prefix: string) =>
      JSON.stringify(Object.entries(policies).filter(([logicalId]) => logicalId.startsWith(prefix)).map(([, policy]) => policy));
    // A recovery request only mails a one-time password; the sign-in that uses it sets it (docs/security.md).
    expect(actionsOf('RouteSignInServiceRole')).toContain('cognito-idp:AdminSetUserPassword');
    expect(actionsOf('RouteSignInServiceRole')).not.toContain('cognito-idp:AdminCreateUser');
    expect(actionsOf('RouteChangePasswordServiceRole')).toContain('cognito-idp:AdminUserGlobalSignOut');
    expect(actionsOf('RouteForgotPasswordServiceRole')).not.toContain('cognito-idp:');
    expect(actionsOf('RouteSignInServiceRole')).toContain('secretsmanager:GetSecretValue');
    expect(actionsOf('RouteGetSessionServiceRole')).not.toContain('dynamodb:PutItem');
    expect(actionsOf('RouteInitGlobalSettingsServiceRole')).toContain('dynamodb:PutItem');
  });

  it('routes device messages from IoT Core into the ingest Lambda, keeping failures, and limits devices to their own topics', () => {
    const devices = template('devices');
    devices.hasResourceProperties('AWS::IoT::TopicRule', {
      TopicRulePayload: Match.objectLike({
        Sql: "SELECT encode(*, 'base64') AS payload, topic() AS topic, clientid() AS clientId, timestamp() AS receivedAt FROM 'pd/devices/+/up/+'",
        Actions: [{ Lambda: Match.anyValue() }],
        ErrorAction: { Sqs: Match.anyValue() },
      }),
    });
    const policy = JSON.stringify(devices.findResources('AWS::IoT::Policy'));
    expect(policy).toContain('pd/devices/${iot:Connection.Thing.ThingName}/up/*');
    expect(policy).toContain('pd/devices/${iot:Connection.Thing.ThingName}/down/*');
    devices.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { DestinationConfig: { OnFailure: Match.anyValue() } });
    devices.hasResourceProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'rate(5 minutes)' });
  });

  it('serves the web from a private bucket through CloudFront, with /api/* sent to the API uncached', () => {
    const web = template('web');
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*', AllowedMethods: Match.arrayWith(['GET', 'POST']) })],
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https', FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })] }),
      }),
    });
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::S3::Bucket', { PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true } });
  });
});
