import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListGroupsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROLES } from '@shared/roles';
import type { LambdaInvoke } from './lambda-twin';
import { startProcess, waitFor, type ManagedProcess } from './processes';

/**
 * The names of Cognito's trigger functions: on AWS the identity stack wires the Lambdas of
 * functions/cognito/ to the pool; locally cognito-local invokes them by these names through the
 * Lambda twin (lambda-twin.ts), and the front (cognito-front.ts) invokes PreAuthentication, which
 * cognito-local does not run itself.
 */
export const TRIGGER_FUNCTIONS = {
  PreAuthentication: 'pd-portal-pre-authentication',
  PreTokenGeneration: 'pd-portal-pre-token-generation',
} as const;

/** Runs the trigger functions in this process, by name: what the Lambda twin answers locally. */
export function cognitoTriggers(): LambdaInvoke {
  const handlers: Record<string, () => Promise<(event: never) => Promise<unknown>>> = {
    [TRIGGER_FUNCTIONS.PreAuthentication]: async () => (await import('@functions/cognito/pre-authentication')).handler,
    [TRIGGER_FUNCTIONS.PreTokenGeneration]: async () => (await import('@functions/cognito/pre-token-generation')).handler,
  };
  return async (functionName, event) => {
    const handler = handlers[functionName];
    if (!handler) throw new Error(`Function not found: ${functionName}`);
    return (await handler())(event as never);
  };
}

/**
 * The local twin of Cognito: cognito-local as a child process, its data in `dir`. Its config
 * (`.cognito/config.json` in its working folder, which it reads at start) points its trigger calls
 * at the Lambda twin `lambdaUrl` and names `issuerUrl` (the front, cognito-front.ts, through which
 * everything reaches it) in its tokens.
 */
export async function startCognitoLocal(options: { port: number; dir: string; logDir: string; lambdaUrl: string; issuerUrl: string }): Promise<ManagedProcess> {
  mkdirSync(path.join(options.dir, '.cognito'), { recursive: true });
  writeFileSync(
    path.join(options.dir, '.cognito', 'config.json'),
    JSON.stringify({
      LambdaClient: { endpoint: options.lambdaUrl, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
      TriggerFunctions: { PreTokenGeneration: TRIGGER_FUNCTIONS.PreTokenGeneration },
      TokenConfig: { IssuerDomain: options.issuerUrl },
    }),
  );
  const bin = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib', 'bin', 'start.js');
  const cognito = startProcess('cognito', process.execPath, [bin], {
    cwd: options.dir,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1' },
    logDir: options.logDir,
  });
  const client = localCognitoClient(options.port);
  try {
    await waitFor('cognito-local', () => client.send(new ListUserPoolsCommand({ MaxResults: 1 })));
  } catch (error) {
    await cognito.stop(); // a child that never answered is not left behind
    throw error;
  } finally {
    client.destroy();
  }
  return cognito;
}

export function localCognitoClient(port: number): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * Makes the user pool as the CDK stack does: e-mail sign-in, the spec's password policy, optional
 * TOTP MFA, one group per role and a client allowing USER_PASSWORD_AUTH. Reuses `existing` ids
 * when the pool and client are still there (data kept under .local/).
 */
export async function ensureUserPool(client: CognitoIdentityProviderClient, existing?: UserPoolIds): Promise<UserPoolIds> {
  if (existing) {
    try {
      await client.send(new DescribeUserPoolClientCommand({ UserPoolId: existing.userPoolId, ClientId: existing.userPoolClientId }));
      return existing;
    } catch {
      // The pool or client is gone (e.g. a reset of the cognito data alone): make new ones.
    }
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'pd-portal-local',
      UsernameAttributes: ['email'],
      MfaConfiguration: 'OPTIONAL',
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
          TemporaryPasswordValidityDays: 7,
        },
      },
    }),
  );
  const userPoolId = UserPool!.Id!;
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'pd-portal-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  await ensureGroups(client, userPoolId);
  return { userPoolId, userPoolClientId: UserPoolClient!.ClientId! };
}

async function ensureGroups(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  const { Groups = [] } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  const existing = new Set(Groups.map((group) => group.GroupName));
  for (const [precedence, role] of ROLES.entries()) {
    if (!existing.has(role)) {
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role, Precedence: precedence }));
    }
  }
}
