import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiGateway, createTokenVerifier } from '@infra/local/api-gateway';
import { API_BASE } from '@shared/api/paths';
import type { Role } from '@shared/roles';
import { setTimeout as sleep } from 'node:timers/promises';
import { createUser, type NewUser } from '@functions/services/users';
import { sessionsRepository } from '@functions/data/sessions-repository';
import { usersRepository, type UserRecord } from '@functions/data/users-repository';
import { TWO_FACTOR_REQUIRED_ROLES } from '@shared/api/session';
import { HUMAN_PROOF_KEY, humanProof } from '@functions/lib/human-proof';

export const TEST_PASSWORD = 'Test!pass1';

/**
 * The API as a caller sees it: the local API gateway (token check, event building, handlers) on
 * an ephemeral port of this test file. Call inside a file that uses useTestTable and useTestUserPool.
 */
export function useApi() {
  let server: http.Server;
  let baseUrl = '';
  beforeAll(async () => {
    const cognitoUrl = `http://127.0.0.1:${process.env.TEST_COGNITO_PORT}`;
    const verify = await createTokenVerifier({
      cognitoUrl,
      userPoolId: process.env.USER_POOL_ID!,
      clientId: process.env.USER_POOL_CLIENT_ID!,
    });
    const gateway = createApiGateway(verify);
    server = http.createServer((req, res) => void gateway(req, res, new URL(req.url ?? '/', 'http://localhost')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_BASE}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  return {
    async call(method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown; rawBody?: string } = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(baseUrl + path, {
        method,
        headers,
        body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
      const text = await response.text();
      const answer = { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
      // The headers are there to read, not to compare: tests match the answer as { status, body }.
      return Object.defineProperty(answer, 'headers', { value: Object.fromEntries(response.headers), enumerable: false }) as typeof answer & {
        readonly headers: Record<string, string>;
      };
    },
  };
}

/** Signs in with USER_PASSWORD_AUTH, as the sign-in Lambda does, and returns the access token. */
export async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
  return (await signInTokens(email, password)).accessToken;
}

/** Signs in as signIn does, and returns the access token and the ID token (the live screens' grant takes the latter). */
export async function signInTokens(email: string, password = TEST_PASSWORD): Promise<{ accessToken: string; idToken: string }> {
  const client = new CognitoIdentityProviderClient({});
  const result = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: process.env.USER_POOL_CLIENT_ID!,
      AuthParameters: { USERNAME: email, PASSWORD: password },
      // What the sign-in Lambda sends: Cognito's pre-authentication trigger refuses a sign-in without it.
      ClientMetadata: { [HUMAN_PROOF_KEY]: await humanProof(email) },
    }),
  );
  client.destroy();
  const token = result.AuthenticationResult?.AccessToken;
  const idToken = result.AuthenticationResult?.IdToken;
  if (!token || !idToken) throw new Error(`sign-in of ${email} gave no token (${result.ChallengeName ?? 'no challenge'})`);
  // Token times are whole seconds: a token issued in the second the user was signed out counts as
  // ended (as the sign-in Lambda knows). Wait for the next second and sign in again.
  const { sub, iat, jti, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    iat: number;
    jti: string;
    exp: number;
  };
  const { tokensValidFrom } = await sessionsRepository.cutoff(sub);
  if (iat < tokensValidFrom) {
    await sleep(tokensValidFrom * 1000 - Date.now() + 20);
    return signInTokens(email, password);
  }
  // As signedInUser marks an administrator's TOTP on in the record, this marks the session as one
  // that came through the TOTP step (what the API checks for them); sign-in tests do both for real.
  await sessionsRepository.markTwoFactorSession(sub, jti, exp);
  return { accessToken: token, idToken };
}

/** A user of the given role with a permanent password, signed in. */
export async function signedInUser(role: Role, tenant: Partial<NewUser> = {}): Promise<{ user: UserRecord; token: string }> {
  const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@test.example`;
  const user = await createUser({ FirstName: 'Test', LastName: role, Email: email, Role: role, ...tenant }, { password: TEST_PASSWORD });
  // Administrators must have two-factor sign-in set up before any other call answers; mark it on
  // in the record (what the API checks) so route tests reach their handlers. Sign-in tests set TOTP up for real.
  if (TWO_FACTOR_REQUIRED_ROLES.includes(role)) {
    await usersRepository.setTwoFactorEnabled(user.UserID, true);
    user.TwoFactorEnabled = true;
  }
  return { user, token: await signIn(email) };
}
