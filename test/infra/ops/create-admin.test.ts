import { AdminGetUserCommand, CognitoIdentityProviderClient, CreateUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { usersRepository } from '@functions/data/users-repository';
import { STACK_OUTPUTS } from '@infra/aws/outputs';
import type { SignInResult } from '@shared/api/session';
import { signedInUser, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { human } from '@test/functions/auth/helpers';

useTestTable();
useTestUserPool();
const api = useApi();

const dir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-create-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What an operator's shell has: AWS credentials, region and endpoints (here the local twins'),
 * nothing of the Lambdas' configuration (no mail transport, no client id, no verifier).
 */
function operatorEnvironment(portal: { TABLE_NAME?: string; USER_POOL_ID?: string }): NodeJS.ProcessEnv {
  const keep = [
    'PATH',
    'HOME',
    'AWS_REGION',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_ENDPOINT_URL_DYNAMODB',
    'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  ];
  return { ...Object.fromEntries(keep.map((name) => [name, process.env[name]])), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...portal };
}

const thisPortal = () => ({ TABLE_NAME: process.env.TABLE_NAME!, USER_POOL_ID: process.env.USER_POOL_ID! });

/** Runs `npm run create-admin -- <args>` as an operator does. */
function createAdmin(
  args: string[],
  env: NodeJS.ProcessEnv = operatorEnvironment(thisPortal()),
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'create-admin', '--', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const temporaryPasswordOf = (stdout: string) => /^Temporary password: (\S+)$/m.exec(stdout)?.[1];
const signIn = (Email: string, Password: string) => api.call('POST', '/signin', { body: { Email, Password, reCaptchaToken: human() } });

async function cognitoUser(userPoolId: string, email: string): Promise<string | undefined> {
  const client = new CognitoIdentityProviderClient({});
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return undefined;
    throw error;
  } finally {
    client.destroy();
  }
}

/** The creations the operator made of this user, as a platform admin sees them in History. */
async function creationsInHistory(userId: string) {
  const { token, user: viewer } = await signedInUser('LiberDiAdmin');
  const history = await api.call('GET', `/liberdiAdmins/${viewer.UserID}/history?userId=${encodeURIComponent(`operator:${os.userInfo().username}`)}`, {
    token,
  });
  expect(history.status).toBe(200);
  return (history.body as { items: Array<{ Entity: string; EntityID: string }> }).items.filter((item) => item.Entity === 'User' && item.EntityID === userId);
}

describe('npm run create-admin', () => {
  it('makes a LiberDiAdmin whose printed temporary password signs in to the password change; a second run for the address changes nothing', async () => {
    const email = `first.admin-${Date.now()}@clinic.example`;
    const run = await createAdmin(['--email', email, '--first-name', 'Lior', '--last-name', 'Admin']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const password = temporaryPasswordOf(run.stdout)!;
    expect(password).toBeDefined();
    expect(run.stdout).toContain('must be changed at the first sign-in');
    expect(run.stdout).toContain('two-factor sign-in (TOTP)');
    expect(run.stdout.split(password)).toHaveLength(2);

    const user = await usersRepository.getByEmail(email);
    expect(user).toMatchObject({ Role: 'LiberDiAdmin', IsEnabled: true, FirstName: 'Lior', LastName: 'Admin', Email: email });
    expect(run.stdout).toContain(user!.UserID);
    const first = await signIn(email, password);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'pass',
      updatePassword: true,
      profile: { UserID: user!.UserID, FirstName: 'Lior' },
    } satisfies Partial<SignInResult>);

    const creations = await creationsInHistory(user!.UserID);
    expect(creations).toEqual([
      expect.objectContaining({
        Action: 'write',
        Role: 'Operator',
        Route: 'npm run create-admin',
        SourceIp: os.hostname(),
        Changes: expect.arrayContaining([
          { field: 'Role', after: 'LiberDiAdmin' },
          { field: 'IsEnabled', after: true },
          { field: 'Email', after: email },
        ]),
      }),
    ]);

    const again = await createAdmin(['--email', email.toUpperCase(), '--first-name', 'Other', '--last-name', 'Person']);
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr.trim()).toBe(`${email}: Email is already registered. Nothing was changed.`);
    expect(await usersRepository.getByEmail(email)).toEqual(user);
    expect(await cognitoUser(process.env.USER_POOL_ID!, email)).toBe(user!.UserID);
    expect((await signIn(email, password)).body).toMatchObject({ status: 'pass', updatePassword: true });
    expect(await creationsInHistory(user!.UserID)).toHaveLength(1);
  });

  it('finds the table and the user pool in the outputs file of cdk deploy', async () => {
    const outputs = path.join(dir, 'outputs.json');
    writeFileSync(
      outputs,
      JSON.stringify({
        PdPortalData: { [STACK_OUTPUTS.tableName]: process.env.TABLE_NAME, ExportsOutputRefTableCD117FA1D18A8047: 'another-value' },
        PdPortalIdentity: { [STACK_OUTPUTS.userPoolId]: process.env.USER_POOL_ID },
        PdPortalApi: {},
      }),
    );
    const email = `outputs.admin-${Date.now()}@clinic.example`;
    const run = await createAdmin(
      ['--email', email, '--first-name', 'Noa', '--last-name', 'Ops', '--phone', '+972 4 555 0100', '--stack-outputs', outputs],
      operatorEnvironment({}),
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(await usersRepository.getByEmail(email)).toMatchObject({ Role: 'LiberDiAdmin', IsEnabled: true, Phone: '+972 4 555 0100' });
    expect((await signIn(email, temporaryPasswordOf(run.stdout)!)).body).toMatchObject({ status: 'pass', updatePassword: true });
  });

  it('refuses a bad or missing e-mail, and names without which the user cannot be made, changing nothing', async () => {
    const bad = await createAdmin(['--email', 'not-an-address', '--first-name', 'Lior', '--last-name', 'Admin']);
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr.trim()).toBe('Email is not valid');
    expect(await cognitoUser(process.env.USER_POOL_ID!, 'not-an-address')).toBeUndefined();

    const none = await createAdmin(['--first-name', 'Lior', '--last-name', 'Admin']);
    expect(none).toMatchObject({ code: 1, stdout: '' });
    expect(none.stderr).toMatch(/^usage: npm run create-admin -- --email <address> --first-name <name> --last-name <name>/);

    const email = `nameless-${Date.now()}@clinic.example`;
    const nameless = await createAdmin(['--email', email]);
    expect(nameless).toMatchObject({ code: 1, stdout: '' });
    expect(nameless.stderr.trim().split('\n')).toEqual(['First name is required', 'Last name is required']);
    expect(await cognitoUser(process.env.USER_POOL_ID!, email)).toBeUndefined();
  });

  it('takes the Cognito user back when the admin cannot be completed, and says that nothing was left', async () => {
    // A pool without the role groups: Cognito makes the user, then cannot put them in LiberDiAdmin.
    const client = new CognitoIdentityProviderClient({});
    const { UserPool } = await client.send(new CreateUserPoolCommand({ PoolName: 'pd-portal-no-groups', UsernameAttributes: ['email'] }));
    client.destroy();
    const email = `half.admin-${Date.now()}@clinic.example`;
    const run = await createAdmin(
      ['--email', email, '--first-name', 'Lior', '--last-name', 'Admin'],
      operatorEnvironment({ ...thisPortal(), USER_POOL_ID: UserPool!.Id! }),
    );
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(`The admin ${email} could not be created`);
    expect(run.stderr.trim().split('\n').at(-1)).toBe('Nothing was left behind.');
    expect(await cognitoUser(UserPool!.Id!, email)).toBeUndefined();
    expect(await usersRepository.getByEmail(email)).toBeUndefined();
  });
});
