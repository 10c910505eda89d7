import { Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
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
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export interface WebStackProps extends StackProps {
  api: HttpApi;
  /** The built web (web/build.ts). */
  webDir: string;
  logBucket: IBucket;
  imagesBucket: IBucket;
  runtimeConfig: Record<string, unknown>;
}

/** Paths without a file extension are screens of the single-page app: they get index.html. */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  if (!/\\.[a-zA-Z0-9]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/**
 * The web on one origin with the API: a private bucket behind CloudFront (origin access control,
 * security headers, SPA rewrite) and `/api/*` forwarded to the HTTP API, uncached, so there is
 * no CORS. The runtime config (/config.json) is written at deploy time.
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
    const recaptcha = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
    const images = `https://${props.imagesBucket.bucketRegionalDomainName}`;
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: [
            "default-src 'self'",
            `script-src 'self' ${recaptcha}`,
            `frame-src ${recaptcha}`,
            `img-src 'self' data: blob: ${images}`,
            "style-src 'self' 'unsafe-inline'",
            "font-src 'self' data:",
            `connect-src 'self' ${images}`,
            "frame-ancestors 'none'",
          ].join('; '),
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
    const apiDomain = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    this.distribution = new Distribution(this, 'Portal', {
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: new CloudFrontFunction(this, 'SpaRewrite', { code: FunctionCode.fromInline(SPA_REWRITE) }), eventType: FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });
    new BucketDeployment(this, 'Deploy', {
      sources: [Source.asset(props.webDir), Source.jsonData('config.json', props.runtimeConfig)],
      destinationBucket: site,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
    });
  }
}
