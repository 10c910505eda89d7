import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { logKey } from './log-key';
import { API_BASE } from '@shared/api/paths';

/** CloudFront takes only a web ACL of scope CLOUDFRONT, and AWS keeps those in us-east-1. */
export const EDGE_REGION = 'us-east-1';
/** Where the edge stack leaves its web ACL's ARN for the web stack, which may live in another region. */
export const WEB_ACL_ARN_PARAMETER = '/pd-portal/edge/web-acl-arn';

/** Requests one IP may make in 5 minutes, to the whole site and to the public sign-in routes. */
export const RATE_LIMIT = { site: 2000, signIn: 100 };

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });

/**
 * The portal's edge in us-east-1: the WAF web ACL CloudFront runs (a per-IP rate limit, a tighter
 * one on sign-in and recovery, AWS's common rule set and known bad inputs), its ARN left in an
 * SSM parameter for the web stack to read in whatever region it is deployed.
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const managed = (name: string, priority: number, ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[]): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ruleActionOverrides } },
      visibilityConfig: visibility(name),
    });
    const signInPaths: CfnWebACL.StatementProperty = {
      orStatement: {
        statements: ['/signin', '/forgetPass'].map((path) => ({
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: `${API_BASE}${path}`,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        })),
      },
    };
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('PdPortalWebAcl'),
      rules: [
        {
          name: 'RateLimit',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: RATE_LIMIT.site, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('RateLimit'),
        },
        {
          name: 'SignInRateLimit',
          priority: 1,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: RATE_LIMIT.signIn, aggregateKeyType: 'IP', scopeDownStatement: signInPaths } },
          visibilityConfig: visibility('SignInRateLimit'),
        },
        // The API bounds bodies itself (256 KB, functions/endpoint/endpoint.ts); the group's 8 KB body limit is only counted.
        managed('AWSManagedRulesCommonRuleSet', 2, [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    // WAF delivers only to log groups named aws-waf-logs-*. Session and pending sign-in tokens are redacted.
    const logs = new LogGroup(this, 'WebAclLogs', {
      logGroupName: 'aws-waf-logs-pd-portal',
      retention: RetentionDays.ONE_YEAR,
      encryptionKey: logKey(this, 'LogKey'),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new CfnLoggingConfiguration(this, 'WebAclLogging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the log group's ARN without the ':*' CloudFormation's Arn attribute ends with.
      logDestinationConfigs: [
        this.formatArn({ service: 'logs', resource: 'log-group', resourceName: logs.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
    });
    new StringParameter(this, 'WebAclArn', {
      parameterName: WEB_ACL_ARN_PARAMETER,
      stringValue: this.webAcl.attrArn,
      description: 'The CloudFront web ACL of the PD portal',
    });
  }
}
