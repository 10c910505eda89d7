import { z } from 'zod';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPortal } from '@infra/aws/portal';
import { portalRouteTable, type RouteTable } from '@infra/aws/route-table';
import type { ApiArea, RouteDefinition } from '@shared/api/routes';
import { ROLES } from '@shared/roles';

/**
 * The portal as production deploys it, with the route table grown to fifty routes (the real ones
 * plus made-up routes in the areas still to come) and the custom domains set: every stack stays
 * far from CloudFormation's 500 resources, the API is reachable only by its custom domain, and
 * viewers need TLS 1.2.
 */
const ROUTE_COUNT = 50;
const MAX_RESOURCES = 250;
const domain = { domainName: 'portal.clinic.example', certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/site' };
const apiDomain = { domainName: 'api.portal.clinic.example', certificateArn: 'arn:aws:acm:eu-west-1:111111111111:certificate/api' };

function fiftyRoutes(): RouteTable {
  const extra: Record<string, [ApiArea, RouteDefinition]> = {};
  const areas: ApiArea[] = ['clinical', 'administration', 'devices'];
  const realCount = Object.keys(portalRouteTable.routes).length;
  // At least one made-up route per area still to come, once the real ones pass fifty.
  for (let n = 0; n < Math.max(ROUTE_COUNT - realCount, areas.length); n++) {
    const area = areas[n % areas.length]!;
    extra[`fake${area}${n}`] = [
      area,
      {
        method: n % 2 ? 'GET' : 'POST',
        path: `/fake/${area}/${n}/{id}`,
        token: 'session',
        roles: ROLES,
        response: z.unknown(),
        tenant: { kind: 'own' },
        audit: 'write',
        thing: 'fake',
        handler: 'general/get-global-settings',
        access: ['table-write'],
        keys: ['PATIENT', 'CLINIC'],
        writeKeys: ['PATIENT', 'AUDIT'],
      },
    ];
  }
  return {
    routes: { ...portalRouteTable.routes, ...Object.fromEntries(Object.entries(extra).map(([id, [, route]]) => [id, route])) },
    area: (id) => extra[id]?.[0] ?? portalRouteTable.area(id),
  };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-cdk-50-'));
let stacks: ReturnType<typeof buildPortal>;
let app: App;
let report: { pluginReports: Array<{ pluginName: string; conclusion: string; violations: unknown[]; suppressedViolations?: Array<{ ruleName: string }> }> };

beforeAll(() => {
  const webDir = path.join(dir, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html>');
  const outdir = path.join(dir, 'cdk.out');
  app = new App({ outdir, context: { '@aws-cdk/core:defaultCrossStackReferences': 'strong' } });
  stacks = buildPortal(app, { webDir, mailFrom: 'no-reply@clinic.example', recaptchaSiteKey: 'site-key', domain, apiDomain, routeTable: fiftyRoutes() });
  app.synth();
  report = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8'));
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const countOf = (stack: Stack) => Object.keys(Template.fromStack(stack).toJSON().Resources).length;

describe('the portal at fifty routes, with its custom domains', () => {
  it(`keeps every stack, nested ones included, under ${MAX_RESOURCES} resources`, () => {
    const all = app.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));
    const counts = Object.fromEntries(all.map((stack) => [stack.node.path, countOf(stack)]));
    console.log(`resources per stack at ${Object.keys(fiftyRoutes().routes).length} routes: ${JSON.stringify(counts)}`);
    expect(Object.keys(stacks.api.areas).sort()).toEqual(['administration', 'clinical', 'devices', 'session', 'settings', 'treatment', 'users']);
    for (const [stack, count] of Object.entries(counts)) expect([stack, count < MAX_RESOURCES]).toEqual([stack, true]);
    const routeCount = Object.values(stacks.api.areas).reduce(
      (sum, area) => sum + Object.keys(Template.fromStack(area).findResources('AWS::ApiGatewayV2::Route')).length,
      0,
    );
    expect(routeCount).toBe(Object.keys(fiftyRoutes().routes).length);
    expect(routeCount).toBeGreaterThanOrEqual(ROUTE_COUNT);
  });

  it('passes cdk-nag with no acknowledgement of the TLS policy', () => {
    const conclusions = Object.fromEntries(report.pluginReports.map((plugin) => [plugin.pluginName, [plugin.conclusion, plugin.violations.length]]));
    expect(conclusions).toEqual({ AwsSolutions: ['success', 0], 'HIPAA.Security': ['success', 0], 'NIST.800.53.R5': ['success', 0] });
    expect(report.pluginReports.flatMap((plugin) => (plugin.suppressedViolations ?? []).map((finding) => finding.ruleName))).not.toContain('AwsSolutions-CFR4');
  });

  it('turns the execute-api endpoint off: CloudFront reaches the API by its custom domain', () => {
    const api = Template.fromStack(stacks.api);
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: apiDomain.domainName,
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: apiDomain.certificateArn, EndpointType: 'REGIONAL' })],
    });
    api.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { Stage: Match.anyValue() });
    Template.fromStack(stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: apiDomain.domainName,
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] }),
          }),
        ]),
      }),
    });
  });

  it('serves the site on its domain with TLS 1.2 at least, and lets only the site use image links', () => {
    Template.fromStack(stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [domain.domainName],
        ViewerCertificate: { AcmCertificateArn: domain.certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      }),
    });
    Template.fromStack(stacks.data).hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: [`https://${domain.domainName}`] })] },
    });
  });
});
