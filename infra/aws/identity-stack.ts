import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnIdentityPool,
  CfnIdentityPoolRoleAttachment,
  CfnUserPoolGroup,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FederatedPrincipal, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { LIVE_TOPIC_ROOT } from '@shared/live';
import { ROLES } from '@shared/roles';
import { LiveGrantsEnd } from './live-grants-end';
import { STACK_OUTPUTS } from './outputs';
import { acknowledge, awsSolutions, hipaaAndNist, invokedSynchronously, notRotatedByLambda, secretOfTheWayIn } from './nag';
import { PortalFunction } from './portal-function';
import { grantTableAccess } from './table-access';

const triggerConcurrency = hipaaAndNist(
  'LambdaConcurrency',
  "Cognito runs this trigger once per sign-in or token refresh, so its load is bounded by Cognito's own request quotas for the user pool (and, for the portal's sign-in, by the public routes' reserved concurrency and the WAF). A reservation of its own would make Cognito refuse sign-ins once reached, with no gain in isolation.",
);

export interface IdentityStackProps extends StackProps {
  /** The portal table: Cognito's triggers read the user's record and provider from it. */
  table: ITable;
  logKey: IKey;
  alarmTopic: ITopic;
}

/**
 * Cognito: e-mail sign-in, users made by administrators only, the spec's password rule as far as
 * Cognito can hold it (the portal checks the rest), optional TOTP MFA, one group per role, and a
 * USER_PASSWORD_AUTH client with revocable tokens. Beside it, the live screens' identity pool
 * (docs/live-screens.md): an ID token traded for credentials that may only receive notices.
 */
export class IdentityStack extends Stack {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** The live screens' identity pool (authenticated identities of the user pool only). */
  readonly liveIdentityPool: CfnIdentityPool;
  /** The role its identities get: connect as themselves and receive notices; their tenant's IoT policy narrows it. */
  readonly liveRole: Role;
  /**
   * Signs the pending sign-in steps' tokens and the sign-in's human proof to the pre-authentication
   * trigger (functions/lib/signing-key.ts, human-proof.ts): 64 random characters, never leaves AWS.
   * It lives here because the trigger checks what the API's sign-in signs.
   */
  readonly pendingTokenKey: Secret;

  constructor(scope: Construct, id: string, props: IdentityStackProps) {
    super(scope, id, props);
    this.pendingTokenKey = new Secret(this, 'PendingTokenKey', {
      description: 'HMAC key of the pending sign-in step tokens (2FA, create-password) and the sign-in human proof; rotating it only voids steps in progress',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    acknowledge(
      this.pendingTokenKey,
      notRotatedByLambda(
        'The pending-token key (64 random characters that never leave AWS) signs tokens that live 5 minutes; it is rotated by hand by putting a new value (docs/security.md), which voids only the sign-in steps in progress. Secrets Manager has no managed rotation for such a key, and a rotation Lambda of our own would add code to the sign-in path for tokens that expire in minutes.',
      ),
      secretOfTheWayIn('the pending-token key (5-minute sign-in steps), read by the sign-in routes and the pre-authentication trigger'),
    );
    // The portal's sign-in rules on every path to a token, direct calls to Cognito included (functions/cognito/).
    const trigger = (name: string, entry: string, description: string, environment: Record<string, string> = {}) => {
      const fn = new PortalFunction(this, name, {
        entry,
        description,
        logKey: props.logKey,
        memorySize: 256,
        // Cognito waits 5 seconds for a trigger.
        timeout: Duration.seconds(5),
        environment: { TABLE_NAME: props.table.tableName, POWERTOOLS_SERVICE_NAME: 'pd-portal-cognito', ...environment },
      });
      // The user's record and its provider's flag: reads of those partitions only.
      grantTableAccess(fn, props.table, { read: ['USER#*', 'SP#*'], write: [] });
      acknowledge(fn, invokedSynchronously, triggerConcurrency);
      return fn;
    };
    const preAuthentication = trigger(
      'PreAuthentication',
      'cognito/pre-authentication',
      'Cognito pre-authentication: password sign-in only through the portal sign-in steps, and only for an enabled user, clinic and provider',
      { PENDING_TOKEN_KEY_ARN: this.pendingTokenKey.secretArn },
    );
    this.pendingTokenKey.grantRead(preAuthentication);
    const preTokenGeneration = trigger(
      'PreTokenGeneration',
      'cognito/pre-token-generation',
      'Cognito pre-token generation: no tokens, refreshed ones included, for a disabled user, clinic or provider',
    );
    this.userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      passwordPolicy: {
        minLength: 8,
        requireDigits: true,
        requireSymbols: true,
        requireUppercase: true,
        requireLowercase: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      accountRecovery: AccountRecovery.NONE,
      featurePlan: FeaturePlan.PLUS,
      // Cognito's own protection against repeated failed and risky sign-ins.
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      lambdaTriggers: { preAuthentication, preTokenGeneration },
    });
    new CfnOutput(this, STACK_OUTPUTS.userPoolId, { value: this.userPool.userPoolId, description: 'The user pool (npm run create-admin reads it)' });
    acknowledge(
      this.userPool,
      awsSolutions(
        'COG2',
        'MFA is OPTIONAL at the pool because Cognito sets it per pool, not per group, and the spec lets the clinical and clinic-admin roles choose TOTP themselves. The two roles that must have it, LiberDiAdmin and ServiceProviderAdmin, are held to it by the portal: the endpoint chain refuses them every call but TOTP set-up until TOTP is on (TWO_FACTOR_REQUIRED_ROLES). Threat protection runs in full-function mode for every sign-in.',
      ),
    );
    ROLES.forEach((role, precedence) => {
      new CfnUserPoolGroup(this, `Group${role}`, { userPoolId: this.userPool.userPoolId, groupName: role, precedence });
    });
    this.client = this.userPool.addClient('Portal', {
      // USER_PASSWORD_AUTH and refresh (which Cognito always allows) only: no hosted UI, no OAuth flows.
      authFlows: { userPassword: true },
      disableOAuth: true,
      // A user's e-mail is their sign-in and where recovery mails go: only an administrator changes it.
      // (An empty list would mean every standard attribute; locale is one the portal never reads.)
      writeAttributes: new ClientAttributes().withStandardAttributes({ locale: true }),
      generateSecret: false,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.minutes(60),
      idTokenValidity: Duration.minutes(60),
      refreshTokenValidity: Duration.hours(12),
    });

    this.liveIdentityPool = new CfnIdentityPool(this, 'LiveNotices', {
      allowUnauthenticatedIdentities: false,
      allowClassicFlow: false,
      // serverSideTokenCheck: a token revoked by sign-out gets no credentials.
      cognitoIdentityProviders: [{ providerName: this.userPool.userPoolProviderName, clientId: this.client.userPoolClientId, serverSideTokenCheck: true }],
    });
    this.liveRole = new Role(this, 'LiveNoticesRole', {
      description: 'Browsers of signed-in users: receive the live screens notices (their tenant IoT policy narrows this to their own clinic or provider)',
      assumedBy: new FederatedPrincipal(
        'cognito-identity.amazonaws.com',
        {
          StringEquals: { 'cognito-identity.amazonaws.com:aud': this.liveIdentityPool.ref },
          'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': 'authenticated' },
        },
        'sts:AssumeRoleWithWebIdentity',
      ),
      maxSessionDuration: Duration.hours(1),
    });
    const iotArn = (resource: string) => `arn:aws:iot:${this.region}:${this.account}:${resource}`;
    this.liveRole.addToPolicy(new PolicyStatement({ actions: ['iot:Connect'], resources: [iotArn('client/${cognito-identity.amazonaws.com:sub}')] }));
    this.liveRole.addToPolicy(new PolicyStatement({ actions: ['iot:Subscribe'], resources: [iotArn(`topicfilter/${LIVE_TOPIC_ROOT}/*`)] }));
    this.liveRole.addToPolicy(new PolicyStatement({ actions: ['iot:Receive'], resources: [iotArn(`topic/${LIVE_TOPIC_ROOT}/*`)] }));
    acknowledge(
      this.liveRole,
      awsSolutions(
        'IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:topicfilter/portal/notices/*]',
        "The browsers' identity-pool role may subscribe under the portal's notice topics only; which tenant's filter is decided per identity by the IoT policy the live grant attaches (IoT Core allows a Cognito identity only what both its role and its IoT policy allow).",
      ),
      awsSolutions(
        'IAM5[Resource::arn:aws:iot:<AWS::Region>:<AWS::AccountId>:topic/portal/notices/*]',
        "The browsers' identity-pool role may receive the portal's notice topics only; the IoT policy the live grant attaches to each identity narrows that to the caller's own clinic or provider.",
      ),
      hipaaAndNist(
        'IAMNoInlinePolicy',
        "The live screens' identity-pool role: its inline policy (connect as itself, subscribe and receive the notices) belongs to it alone.",
      ),
    );
    new CfnIdentityPoolRoleAttachment(this, 'LiveNoticesRoles', {
      identityPoolId: this.liveIdentityPool.ref,
      roles: { authenticated: this.liveRole.roleArn },
    });
    // The end of a user's sessions ends the live notices its identities were granted.
    new LiveGrantsEnd(this, 'LiveGrantsEnd', { table: props.table, alarmTopic: props.alarmTopic, logKey: props.logKey });
  }
}
