import { CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import { ApiMapping, CfnStage, DomainName, HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer, HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { addOpsAlarms, type OpsAlarm } from './alarms';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import path from 'node:path';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { EnvironmentVariables } from '@functions/lib/environment';
import { gatewayPath } from '@shared/api/paths';
import { LIVE_TOPIC_ROOT } from '@shared/live';
import type { ApiArea, RouteAccess, RouteDefinition } from '@shared/api/routes';
import { ApiAreaStack } from './api-area-stack';
import { ORIGIN_VERIFY_HEADER } from '@functions/lib/origin-verify';
import { metricNames } from '@functions/lib/powertools';
import { LIVE_POLICY_PREFIX } from '@functions/identity/live-identity';
import { DEVICE_POLICY_NAME } from './devices-stack';
import {
  acknowledge,
  awsSolutions,
  invokedSynchronously,
  LIST_ATTACHED_POLICIES,
  liveIotPolicies,
  liveNoticeTopics,
  notRotatedByLambda,
  secretOfTheWayIn,
} from './nag';
import { PortalFunction } from './portal-function';
import { isPublicRoute, pascalCase, portalRouteTable, type RouteTable } from './route-table';

/** The stage's limits for every route, and the tighter ones of the public sign-in routes. */
export const STAGE_THROTTLE = { rateLimit: 100, burstLimit: 200 };
export const PUBLIC_ROUTE_THROTTLE = { rateLimit: 10, burstLimit: 20 };
/**
 * How cdk-nag writes the images bucket's ARN in the route policies: the data stack's export of it. A
 * change of the name fails the synth with the logo grants' findings, never silently.
 */
const IMAGES_BUCKET_ARN_IN_FINDINGS = 'PdPortalData:ExportsOutputFnGetAttImages2D38C313Arn6C6DDC6E';
/** The origin-verify authorizer runs about once in five minutes (API Gateway caches its answer); this bounds a flood of made-up header values. */
export const ORIGIN_VERIFY_CONCURRENCY = 5;

export interface ApiDomain {
  /** e.g. api.portal.clinic.example; its DNS name must point at the API's regional domain name. */
  domainName: string;
  /** An ACM certificate for it in the API's own region. */
  certificateArn: string;
}

export interface ApiStackProps extends StackProps {
  table: ITable;
  userPool: UserPool;
  client: UserPoolClient;
  /** Signs the pending sign-in steps and the sign-in's human proof (identity-stack.ts, beside the trigger that checks it). */
  pendingTokenKey: ISecret;
  imagesBucket: IBucket;
  /** The IoT Core data endpoint (https://…-ats.iot.<region>.amazonaws.com) the backend publishes to. */
  iotDataEndpoint: string;
  mailFrom: string;
  backendVersion: string;
  alarmTopic: ITopic;
  logKey: IKey;
  /** With a custom domain the default execute-api endpoint is turned off: CloudFront reaches the API by the domain. */
  apiDomain?: ApiDomain;
  /** The live screens' identity pool (identity-stack.ts): the live grant attaches tenant IoT policies to its identities. */
  liveIdentityPoolId: string;
  /** The routes to deploy; the portal's route table unless a test passes another. */
  routeTable?: RouteTable;
}

/**
 * The HTTP API: its JWT and origin-verify authorizers, the stage (throttling, access logs), the
 * optional custom domain, the reCAPTCHA secret and the alarms, with the routes' Lambdas in one
 * nested stack per area of the route table, far from CloudFormation's 500 resources a stack.
 * A route added to the table gets its Lambda here without an edit.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly areas: Partial<Record<ApiArea, ApiAreaStack>> = {};
  /** The host CloudFront forwards `/api/*` to: the custom domain, or the execute-api endpoint without one. */
  readonly originDomainName: string;
  /** The value CloudFront sends in the origin-verify header; the public routes' authorizer checks it. */
  readonly originVerifySecret: Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const routeTable = props.routeTable ?? portalRouteTable;
    const recaptchaSecret = new Secret(this, 'RecaptchaSecret', {
      description: 'reCAPTCHA secret key of the portal (fill in after the first deploy; see docs/deploy.md)',
    });
    acknowledge(
      recaptchaSecret,
      notRotatedByLambda(
        'The reCAPTCHA secret key is issued by Google with the site key and pasted in by hand (docs/deploy.md); no Lambda can obtain a new one.',
      ),
      secretOfTheWayIn('the reCAPTCHA secret key (a bot check of the public routes)'),
    );
    const { pendingTokenKey } = props;
    this.api = new HttpApi(this, 'Api', {
      description: 'PD clinic portal API',
      createDefaultStage: false,
      disableExecuteApiEndpoint: props.apiDomain !== undefined,
    });

    // The public routes have no session token to check; their authorizer lets through only what
    // came by CloudFront (and its WAF), which adds a secret header to every request it forwards.
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: 'The x-origin-verify header value CloudFront sends to the API (docs/security.md, "The cloud edge")',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    acknowledge(
      this.originVerifySecret,
      notRotatedByLambda(
        'CloudFront reads the origin-verify value at deploy time (a dynamic reference in its distribution), which a rotation Lambda cannot update: it is rotated by putting a new value and redeploying with its version (context originVerifyVersion), while the authorizer accepts the current and the previous value (docs/deploy.md).',
      ),
      secretOfTheWayIn('the origin-verify value (which CloudFront itself holds in its distribution config), read by every route and the authorizer'),
    );
    const originVerify = new PortalFunction(this, 'OriginVerify', {
      entry: path.join(__dirname, 'origin-verify', 'authorizer.ts'),
      description: 'Authorizer of the public routes: the request came through CloudFront',
      logKey: props.logKey,
      memorySize: 256,
      timeout: Duration.seconds(5),
      reservedConcurrentExecutions: ORIGIN_VERIFY_CONCURRENCY,
      environment: { ORIGIN_VERIFY_SECRET_ARN: this.originVerifySecret.secretArn, POWERTOOLS_SERVICE_NAME: 'pd-portal-origin-verify' },
    });
    this.originVerifySecret.grantRead(originVerify);
    acknowledge(originVerify, invokedSynchronously);
    const publicAuthorizer = new HttpLambdaAuthorizer('OriginVerify', originVerify, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      resultsCacheTtl: Duration.minutes(5),
    });

    const authorizer = new HttpJwtAuthorizer('Cognito', `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`, {
      jwtAudience: [props.client.userPoolClientId],
    });
    const environment = {
      TABLE_NAME: props.table.tableName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.client.userPoolClientId,
      BACKEND_VERSION: props.backendVersion,
      HUMAN_VERIFICATION: 'recaptcha',
      RECAPTCHA_SECRET_ARN: recaptchaSecret.secretArn,
      PENDING_TOKEN_KEY_ARN: pendingTokenKey.secretArn,
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: props.mailFrom,
      IMAGES_BUCKET: props.imagesBucket.bucketName,
      AWS_ENDPOINT_URL_IOT_DATA_PLANE: props.iotDataEndpoint,
      DEVICE_REGISTRY: 'iot',
      DEVICE_POLICY_NAME,
      POWERTOOLS_SERVICE_NAME: 'pd-portal-api',
      ORIGIN_VERIFY_SECRET_ARN: this.originVerifySecret.secretArn,
      LIVE_IDENTITY_POOL_ID: props.liveIdentityPoolId,
      LIVE_POLICY_ACCOUNT: this.account,
    } satisfies EnvironmentVariables;
    // One acknowledgement for a folder, whichever of the three a route has: a role holding two of them carries it once.
    const grantLogos = (fn: PortalFunction, folder: 'clinics' | 'providers', action: 's3:PutObject' | 's3:GetObject' | 's3:DeleteObject') => {
      fn.addToRolePolicy(new PolicyStatement({ actions: [action], resources: [props.imagesBucket.arnForObjects(`${folder}/*`)] }));
      acknowledge(
        fn.role,
        awsSolutions(
          `IAM5[Resource::${IMAGES_BUCKET_ARN_IN_FINDINGS}/${folder}/*]`,
          `This route handles the logos of the ${folder} (the images bucket's ${folder}/ prefix only): s3:PutObject to sign an upload link (which names one new key of one owner, its type and its size), s3:GetObject to sign a link to a logo the API has just read, s3:DeleteObject to remove the logo an update replaced; it has only those its route names.`,
        ),
      );
    };
    const grants: Record<RouteAccess, (fn: PortalFunction) => void> = {
      'table-write': () => undefined, // on the route's writeKeys only (api-area-stack.ts)
      // InitiateAuth, RespondToAuthChallenge, RevokeToken, GlobalSignOut are public Cognito APIs; the
      // pending-token key signs and checks the 2FA and create-password steps these routes run.
      'cognito-auth': (fn) => pendingTokenKey.grantRead(fn),
      'cognito-admin': (fn) =>
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: [
              'cognito-idp:AdminSetUserPassword',
              'cognito-idp:AdminGetUser',
              'cognito-idp:AdminCreateUser',
              'cognito-idp:AdminAddUserToGroup',
              'cognito-idp:AdminDeleteUser',
              'cognito-idp:AdminDisableUser',
              'cognito-idp:AdminEnableUser',
              'cognito-idp:AdminUserGlobalSignOut',
            ],
            resources: [props.userPool.userPoolArn],
          }),
        ),
      // Only what ending sessions and taking a recovery password need (sign-in, create-password).
      'cognito-sessions': (fn) =>
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut'], resources: [props.userPool.userPoolArn] }),
        ),
      // The user routes' changes: e-mail (sign-in name), role groups, the enabled flag, and ending the user's sessions.
      'cognito-user-admin': (fn) =>
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: [
              'cognito-idp:AdminUpdateUserAttributes',
              'cognito-idp:AdminAddUserToGroup',
              'cognito-idp:AdminRemoveUserFromGroup',
              'cognito-idp:AdminDisableUser',
              'cognito-idp:AdminEnableUser',
              'cognito-idp:AdminUserGlobalSignOut',
            ],
            resources: [props.userPool.userPoolArn],
          }),
        ),
      'iot-publish': (fn) => {
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['iot:Publish'], resources: [`arn:aws:iot:${this.region}:${this.account}:topic/pd/devices/*/down/*`] }),
        );
        acknowledge(
          fn.role,
          awsSolutions(
            'IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:topic/pd/devices/*/down/*]',
            'This route sends devices their prescription or settings (iot:Publish): which device is known only per request, from the records it reads after the tenant check, so the grant names the down topics of every device and no up topic; a route can never speak as a device.',
          ),
        );
      },
      // Registration makes the thing (named by the serial number) and its certificate, attaches the
      // device policy and the thing, and undoes those steps when one fails (functions/lib/device-registry.ts).
      'iot-register': (fn) => {
        const iotArn = (resource: string) => `arn:aws:iot:${this.region}:${this.account}:${resource}`;
        fn.grantOnAnyResource(
          'CreateCertificates',
          ['iot:CreateKeysAndCertificate'],
          'the device registration makes the certificate of the device it registers; the action creates a certificate IoT Core names only then, so it has no resource-level permissions (AWS requires "*").',
        );
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['iot:CreateThing', 'iot:DeleteThing', 'iot:AttachThingPrincipal'], resources: [iotArn('thing/*')] }),
        );
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['iot:AttachPolicy', 'iot:DetachPolicy', 'iot:UpdateCertificate', 'iot:DeleteCertificate', 'iot:AttachThingPrincipal'],
            resources: [iotArn('cert/*')],
          }),
        );
        fn.addToRolePolicy(new PolicyStatement({ actions: ['iot:AttachPolicy', 'iot:DetachPolicy'], resources: [iotArn(`policy/${DEVICE_POLICY_NAME}`)] }));
        acknowledge(
          fn.role,
          awsSolutions(
            'IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:thing/*]',
            'This route registers a device: it creates the thing of the serial number the platform admin types (its name is known only per request), attaches the certificate to it, and deletes the thing again when a later step of the registration fails.',
          ),
          awsSolutions(
            'IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:cert/*]',
            'This route registers a device: IoT Core names a new certificate when it creates it, so the grant to attach the device policy and the thing to it (and to deactivate and delete it when the registration fails) cannot name the certificate in advance.',
          ),
        );
      },
      // The live grant (functions/identity/live-identity.ts): the tenants' live IoT policies only, made once
      // each, attached to and detached from the callers' identity-pool identities (the target of AttachPolicy).
      'live-grant': (fn) => {
        const iotArn = (resource: string) => `arn:aws:iot:${this.region}:${this.account}:${resource}`;
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['iot:CreatePolicy', 'iot:AttachPolicy', 'iot:DetachPolicy'],
            resources: [iotArn(`policy/${LIVE_POLICY_PREFIX}*`)],
          }),
        );
        fn.grantOnAnyResource('ListAttachedPolicies', ['iot:ListAttachedPolicies'], LIST_ATTACHED_POLICIES);
        acknowledge(fn.role, liveIotPolicies);
      },
      'live-notify': (fn) => {
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['iot:Publish'], resources: [`arn:aws:iot:${this.region}:${this.account}:topic/${LIVE_TOPIC_ROOT}/*`] }),
        );
        acknowledge(fn.role, liveNoticeTopics);
      },
      mail: (fn) =>
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [props.mailFrom, props.mailFrom.split('@')[1]!].map((identity) => `arn:aws:ses:${this.region}:${this.account}:identity/${identity}`),
          }),
        ),
      'human-verification': (fn) => recaptchaSecret.grantRead(fn),
      // A signed upload link carries the signer's rights: only new objects under clinics/.
      'clinic-logo-upload': (fn) => grantLogos(fn, 'clinics', 's3:PutObject'),
      'clinic-logo-read': (fn) => grantLogos(fn, 'clinics', 's3:GetObject'),
      'clinic-logo-delete': (fn) => grantLogos(fn, 'clinics', 's3:DeleteObject'),
      'provider-logo-upload': (fn) => grantLogos(fn, 'providers', 's3:PutObject'),
      'provider-logo-read': (fn) => grantLogos(fn, 'providers', 's3:GetObject'),
      'provider-logo-delete': (fn) => grantLogos(fn, 'providers', 's3:DeleteObject'),
    };

    const byArea = new Map<ApiArea, Array<[string, RouteDefinition]>>();
    for (const [routeId, route] of Object.entries(routeTable.routes)) {
      const area = routeTable.area(routeId);
      byArea.set(area, [...(byArea.get(area) ?? []), [routeId, route]]);
    }
    for (const [area, routes] of byArea) {
      this.areas[area] = new ApiAreaStack(this, `${pascalCase(area)}Routes`, {
        area,
        routes,
        api: this.api,
        authorizer,
        publicAuthorizer,
        table: props.table,
        logKey: props.logKey,
        environment,
        grants,
        originVerifySecret: this.originVerifySecret,
      });
    }

    // The stage comes after the routes: its per-route throttling names route keys that must exist.
    const stage = new HttpStage(this, 'DefaultStage', { httpApi: this.api, stageName: '$default', autoDeploy: true });
    for (const areaStack of Object.values(this.areas)) stage.node.addDependency(areaStack);
    const cfnStage = stage.node.defaultChild as CfnStage;
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: RetentionDays.ONE_YEAR, encryptionKey: props.logKey });
    cfnStage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        time: '$context.requestTime',
        route: '$context.routeKey',
        status: '$context.status',
        latency: '$context.responseLatency',
      }),
    };
    cfnStage.defaultRouteSettings = { throttlingBurstLimit: STAGE_THROTTLE.burstLimit, throttlingRateLimit: STAGE_THROTTLE.rateLimit };
    // RouteSettings is a plain JSON map in CloudFormation: its keys are written as they are here.
    cfnStage.routeSettings = Object.fromEntries(
      Object.values(routeTable.routes)
        .filter((route) => isPublicRoute(route))
        .map((route) => [
          `${route.method} ${gatewayPath(route.path)}`,
          { ThrottlingBurstLimit: PUBLIC_ROUTE_THROTTLE.burstLimit, ThrottlingRateLimit: PUBLIC_ROUTE_THROTTLE.rateLimit },
        ]),
    );

    if (props.apiDomain) {
      const domainName = new DomainName(this, 'ApiDomain', {
        domainName: props.apiDomain.domainName,
        certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', props.apiDomain.certificateArn),
      });
      new ApiMapping(this, 'ApiMapping', { api: this.api, domainName, stage });
      this.originDomainName = props.apiDomain.domainName;
      new CfnOutput(this, 'ApiDomainTarget', {
        value: domainName.regionalDomainName,
        description: `Point ${props.apiDomain.domainName} (CNAME or alias) here`,
      });
    } else {
      this.originDomainName = Fn.select(2, Fn.split('/', this.api.apiEndpoint));
    }

    this.alarms(props.alarmTopic, accessLogs);
  }

  /** Server errors and throttling of the API and its Lambdas, to the operations topic. */
  private alarms(topic: ITopic, accessLogs: LogGroup): void {
    const action = new SnsAction(topic);
    const apiMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: this.api.apiId, Stage: '$default' },
        statistic: 'Sum',
        period: Duration.minutes(5),
      });
    const throttled = new MetricFilter(this, 'ThrottledRequests', {
      logGroup: accessLogs,
      // The access log's format writes every field as a JSON string.
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: 'PdPortal',
      metricName: 'ApiThrottledRequests',
      metricValue: '1',
    }).metric({ statistic: 'Sum', period: Duration.minutes(5) });
    const lambdaThrottles = new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: Duration.minutes(5) });
    const alarms: OpsAlarm[] = [
      ['Api5xx', apiMetric('5xx'), 5, 'The API answered 5 or more server errors in 5 minutes'],
      ['Api429', throttled, 20, 'The API refused 20 or more requests for throttling in 5 minutes'],
      ['LambdaThrottles', lambdaThrottles, 1, 'A Lambda of the account was throttled (reserved or account concurrency reached)'],
      [
        'SecurityEvent',
        new Metric({
          namespace: 'PdPortal',
          metricName: metricNames.securityEvent,
          dimensionsMap: { service: 'pd-portal-api' },
          statistic: 'Sum',
          period: Duration.minutes(5),
        }),
        1,
        'A security event of an account: an administrator’s required two-factor sign-in was turned off outside the portal (see the audit trail)',
      ],
    ];
    addOpsAlarms(this, action, alarms);
  }
}
