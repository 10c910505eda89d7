import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ROLES } from '@shared/roles';

/**
 * Cognito: e-mail sign-in, administrators create users (no self sign-up), the spec's password
 * rule (8+ characters with digit, symbol, upper and lower case; the 20-character maximum and the
 * forbidden characters are checked by the portal, Cognito has no such settings), TOTP MFA that each
 * user may turn on, one group per role, and a client for USER_PASSWORD_AUTH with revocable tokens.
 */
export class IdentityStack extends Stack {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
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
    });
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
  }
}
