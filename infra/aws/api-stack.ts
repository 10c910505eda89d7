import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnStage, HttpApi, HttpMethod, type IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { API_BASE } from '../../shared/api/paths';
import { routeIds, routes, type RouteDefinition, type RouteAccess } from '../../shared/api/routes';
import { PortalFunction } from './portal-function';

export interface ApiStackProps extends StackProps {
  table: ITable;
  userPool: UserPool;
  client: UserPoolClient;
  imagesBucket: IBucket;
  /** The IoT Core data endpoint (https://…-ats.iot.<region>.amazonaws.com) the backend publishes to. */
  iotDataEndpoint: string;
  mailFrom: string;
  backendVersion: string;
}

/**
 * The HTTP API: one Lambda per route of the route table (shared/api/routes.ts), each granted only
 * what its route's `access` says, behind a Cognito JWT authorizer except for the public sign-in
 * routes. Adding a route to the table adds its Lambda here without an edit.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const recaptchaSecret = new Secret(this, 'RecaptchaSecret', {
      description: 'reCAPTCHA secret key of the portal (fill in after the first deploy; see docs/deploy.md)',
    });
    // Signs the pending sign-in steps' tokens (functions/lib/signing-key.ts): 64 random characters, never leaves AWS.
    const pendingTokenKey = new Secret(this, 'PendingTokenKey', {
      description: 'HMAC key of the pending sign-in step tokens (2FA, create-password); rotating it only voids steps in progress',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    this.api = new HttpApi(this, 'Api', { description: 'PD clinic portal API', createDefaultStage: true });
    const stage = this.api.defaultStage!.node.defaultChild as CfnStage;
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: RetentionDays.ONE_YEAR });
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({ requestId: '$context.requestId', ip: '$context.identity.sourceIp', time: '$context.requestTime', route: '$context.routeKey', status: '$context.status', latency: '$context.responseLatency' }),
    };
    stage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };

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
      POWERTOOLS_SERVICE_NAME: 'pd-portal-api',
    };

    const grants: Record<RouteAccess, (fn: PortalFunction) => void> = {
      'table-write': (fn) => props.table.grantReadWriteData(fn),
      // InitiateAuth, RespondToAuthChallenge, RevokeToken, GlobalSignOut are public Cognito APIs; the
      // pending-token key signs and checks the 2FA and create-password steps these routes run.
      'cognito-auth': (fn) => pendingTokenKey.grantRead(fn),
      'cognito-admin': (fn) =>
        fn.addToRolePolicy(new PolicyStatement({ actions: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminDeleteUser', 'cognito-idp:AdminDisableUser', 'cognito-idp:AdminEnableUser', 'cognito-idp:AdminUserGlobalSignOut'], resources: [props.userPool.userPoolArn] })),
      // Only what ending sessions and taking a recovery password need (sign-in, create-password).
      'cognito-sessions': (fn) =>
        fn.addToRolePolicy(new PolicyStatement({ actions: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut'], resources: [props.userPool.userPoolArn] })),
      'iot-publish': (fn) => fn.addToRolePolicy(new PolicyStatement({ actions: ['iot:Publish'], resources: [`arn:aws:iot:${this.region}:${this.account}:topic/pd/devices/*/down/*`] })),
      mail: (fn) =>
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [props.mailFrom, props.mailFrom.split('@')[1]!].map((identity) => `arn:aws:ses:${this.region}:${this.account}:identity/${identity}`),
          }),
        ),
      'human-verification': (fn) => recaptchaSecret.grantRead(fn),
    };

    for (const id of routeIds) {
      const route: RouteDefinition = routes[id];
      const fn = new PortalFunction(this, `Route${id[0]!.toUpperCase()}${id.slice(1)}`, {
        entry: `handlers/${route.handler}`,
        description: `${route.method} ${route.path}`,
        environment,
      });
      props.table.grantReadData(fn);
      for (const access of route.access ?? []) grants[access](fn);
      this.api.addRoutes({
        path: `${API_BASE}${route.path}`,
        methods: [route.method === 'GET' ? HttpMethod.GET : HttpMethod.POST],
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
        authorizer: route.token !== 'session' ? undefined : (authorizer as IHttpRouteAuthorizer),
      });
    }
  }
}
