import { Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { EDGE_REGION, WEB_ACL_ARN_PARAMETER } from './edge-stack';
import { ORIGIN_VERIFY_HEADER } from '@functions/lib/origin-verify';
import { acknowledge, acknowledgeCustomResource, awsSolutions, cdkDeployFunction, hipaaAndNist } from './nag';

export interface SiteDomain {
  /** e.g. portal.clinic.example, pointed (CNAME or alias) at the distribution. */
  domainName: string;
  /** Its ACM certificate, which CloudFront takes only from us-east-1. */
  certificateArn: string;
}

export interface WebStackProps extends StackProps {
  /** The host CloudFront forwards `/api/*` to (ApiStack.originDomainName). */
  apiOriginDomainName: string;
  /** The secret whose value CloudFront sends to the API in the origin-verify header. */
  originVerifySecret: ISecret;
  /**
   * The version of it CloudFront sends (context `originVerifyVersion`, after a rotation): CloudFormation
   * reads a dynamic reference again only when the reference itself changes. The current one by default.
   */
  originVerifyVersion?: string;
  /** The site's own domain; without it CloudFront's default certificate and name serve the site. */
  domain?: SiteDomain;
  /** The built web (web/build.ts). */
  webDir: string;
  logBucket: IBucket;
  imagesBucket: IBucket;
  runtimeConfig: Record<string, unknown>;
  /** Where the live screens connect (docs/live-screens.md): IoT Core's WebSocket and Cognito Identity, allowed in the CSP's connect-src. */
  liveConnectSources?: string[];
}

/** The offline shell's service worker (web/build.ts writes it at the root of the built web). */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Paths without a file extension are screens of the single-page app: they get index.html. */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  if (!/\\.[a-zA-Z0-9]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/**
 * API Gateway holds no route path ending in '/' (see gatewayPath in shared/api/paths.ts), but the
 * spec's clients call three lists that way: the slash is dropped before the request goes on.
 * CloudFront Functions run ES 5.1.
 */
export const API_TRAILING_SLASH = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.length > 1 && uri.charAt(uri.length - 1) === '/') request.uri = uri.substring(0, uri.length - 1);
  return request;
}`;

/**
 * The web on one origin with the API: a private bucket behind CloudFront (origin access control,
 * security headers, SPA rewrite) and `/api/*` forwarded to the HTTP API, uncached, so there is
 * no CORS. The WAF web ACL of the edge stack (us-east-1) guards both. With a custom domain the
 * viewers need TLS 1.2 or newer. The runtime config (/config.json) is written at deploy time.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const site = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      site,
      hipaaAndNist(
        'S3DefaultEncryptionKMS',
        'The site bucket holds the built web: code every browser downloads, no patient data. SSE-S3 encrypts it at rest; the bucket is private, read only by CloudFront through origin access control.',
      ),
      hipaaAndNist(
        'S3BucketReplicationEnabled',
        'The built web is rebuilt from the repository and copied in again by every deploy; a copy in another region would keep nothing that cannot be rebuilt.',
      ),
    );
    const recaptcha = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
    const images = `https://${props.imagesBucket.bucketRegionalDomainName}`;
    const securityHeadersBehavior: ResponseSecurityHeadersBehavior = {
      contentSecurityPolicy: {
        override: true,
        contentSecurityPolicy: [
          "default-src 'self'",
          `script-src 'self' ${recaptcha}`,
          `frame-src ${recaptcha}`,
          `img-src 'self' data: blob: ${images}`,
          "style-src 'self' 'unsafe-inline'",
          "font-src 'self' data:",
          `connect-src 'self' ${[images, ...(props.liveConnectSources ?? [])].join(' ')}`,
          "frame-ancestors 'none'",
        ].join('; '),
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
    };
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', { securityHeadersBehavior });
    // The offline shell's service worker: browsers must ask for it on every load to see a new deployment.
    const serviceWorkerHeaders = new ResponseHeadersPolicy(this, 'ServiceWorkerHeaders', {
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [{ header: 'Cache-Control', value: 'no-cache', override: true }] },
    });
    // The web ACL's ARN, read from the edge stack's parameter in us-east-1 (CloudFormation cannot
    // reference another region's outputs).
    const webAclArn = new AwsCustomResource(this, 'EdgeWebAclArn', {
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: WEB_ACL_ARN_PARAMETER },
        region: EDGE_REGION,
        physicalResourceId: PhysicalResourceId.of(WEB_ACL_ARN_PARAMETER),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [`arn:aws:ssm:${EDGE_REGION}:${this.account}:parameter${WEB_ACL_ARN_PARAMETER}`] }),
      installLatestAwsSdk: false,
    });
    acknowledgeCustomResource(webAclArn, 'ssm:GetParameter');
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(site);
    this.distribution = new Distribution(this, 'Portal', {
      webAclId: webAclArn.getResponseField('Parameter.Value'),
      ...(props.domain && {
        domainNames: [props.domain.domainName],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: new CloudFrontFunction(this, 'SpaRewrite', { code: FunctionCode.fromInline(SPA_REWRITE) }), eventType: FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          // Resolved by CloudFormation at deploy time (a dynamic reference), never written into the template.
          origin: new HttpOrigin(props.apiOriginDomainName, {
            customHeaders: {
              [ORIGIN_VERIFY_HEADER]: SecretValue.secretsManager(props.originVerifySecret.secretArn, { versionId: props.originVerifyVersion }).unsafeUnwrap(),
            },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          functionAssociations: [
            {
              function: new CloudFrontFunction(this, 'ApiTrailingSlash', { code: FunctionCode.fromInline(API_TRAILING_SLASH) }),
              eventType: FunctionEventType.VIEWER_REQUEST,
            },
          ],
        },
        // Never kept at the edge either, so the first load after a deployment gets the new worker.
        [SERVICE_WORKER_PATH]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: serviceWorkerHeaders,
        },
      },
    });
    acknowledge(
      this.distribution,
      awsSolutions('CFR1', 'Clinics and their patients may be in any country: the portal serves them wherever they are, behind the WAF.'),
      props.domain
        ? []
        : awsSolutions(
            'CFR4',
            'No custom domain is configured (context domainName, certificateArn): the default *.cloudfront.net certificate comes with a security policy CloudFront fixes (TLSv1 allowed). With a domain the distribution requires TLSv1.2_2021, which production deployments set (docs/deploy.md).',
          ),
    );
    const deployment = new BucketDeployment(this, 'Deploy', {
      sources: [Source.asset(props.webDir), Source.jsonData('config.json', props.runtimeConfig)],
      destinationBucket: site,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
    });
    // CDK's handler (a singleton of the stack, which owns the role), and its grants for this one copy in the role's default policy.
    acknowledge(deployment.handlerRole.node.scope!, cdkDeployFunction);
    const siteObjects = `<${this.getLogicalId(site.node.defaultChild as CfnBucket)}.Arn>/*`;
    acknowledge(
      deployment.handlerRole.node.findChild('DefaultPolicy'),
      awsSolutions(
        'IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
        "CDK's bucket deployment reads the zipped web build from CDK's bootstrap assets bucket.",
      ),
      awsSolutions(`IAM5[Resource::${siteObjects}]`, "CDK's bucket deployment writes and replaces the objects of the site bucket."),
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*'].map((action) =>
        awsSolutions(`IAM5[Action::${action}]`, `CDK's bucket deployment reads the assets and the site bucket (${action}), on those two buckets only.`),
      ),
      ...['s3:DeleteObject*', 's3:Abort*'].map((action) =>
        awsSolutions(
          `IAM5[Action::${action}]`,
          `CDK's bucket deployment removes what an older web build left in the site bucket and aborts its own failed uploads (${action}), on the site bucket only.`,
        ),
      ),
      awsSolutions(
        'IAM5[Resource::*]',
        "cloudfront:CreateInvalidation and GetInvalidation, which CDK's bucket deployment grants on '*' to invalidate /index.html and /config.json of the portal's distribution after a deploy.",
      ),
    );
  }
}
