import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { issueLocalToken } from '@functions/lib/human-verification';
import { createUser } from '@functions/services/users';
import { totpCode } from '@infra/local/totp';
import type { SignedIn, TotpSetup } from '@shared/api/session';
import type { Role } from '@shared/roles';
import { TEST_PASSWORD, type useApi } from '@test/support/api';

type Api = ReturnType<typeof useApi>;

/** A fresh bot-check token from the local verifier. */
export const human = () => issueLocalToken(process.env.LOCAL_VERIFIER_SECRET!);

export const messageOf = (body: unknown) => (body as { message: string[] }).message;

/** A user of the role with the test password (or, without one, only Cognito's unknown temporary password). */
export async function newUser(role: Role = 'Doctor', password: string | undefined = TEST_PASSWORD) {
  const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@test.example`;
  const user = await createUser({ FirstName: 'Dana', LastName: role, Email: email, Role: role }, { password });
  return { user, email };
}

/** Signs in through POST /signin, as the web does. */
export const signInCall = (api: Api, Email: string, Password: string) => api.call('POST', '/signin', { body: { Email, Password, reCaptchaToken: human() } });

export async function signedIn(api: Api, email: string, password = TEST_PASSWORD): Promise<SignedIn> {
  const response = await signInCall(api, email, password);
  if (response.status !== 200 || (response.body as SignedIn).status !== 'pass') {
    throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as SignedIn;
}

/** Whether a session token still opens the user's session. */
export async function isAlive(api: Api, userId: string, token: string): Promise<boolean> {
  const { status } = await api.call('GET', `/users/${userId}/session`, { token });
  if (status !== 200 && status !== 401) throw new Error(`unexpected status ${status}`);
  return status === 200;
}

/** Turns TOTP on as a user does from the user menu; returns the secret. */
export async function turnOnTotp(api: Api, userId: string, token: string, refreshToken?: string): Promise<string> {
  const setup = (await api.call('POST', `/users/${userId}/totp/setup`, { token, body: {} })).body as TotpSetup;
  const body = { TwoFaCode: totpCode(setup.secretCode), ...(refreshToken ? { refreshToken } : {}) };
  const verified = await api.call('POST', `/users/${userId}/totp/verify`, { token, body });
  if (verified.status !== 200) throw new Error(`TOTP not turned on: ${JSON.stringify(verified.body)}`);
  return setup.secretCode;
}

/** The newest mail to `to` in the outbox. */
export function readOutbox(to: string): { subject: string; text: string } {
  const dir = process.env.MAIL_OUTBOX_DIR!;
  const file = readdirSync(dir)
    .filter((name) => name.endsWith(`-${to}.json`))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no mail to ${to}`);
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { subject: string; text: string };
}

export const mailedPassword = (to: string) => /temporary password is: (\S+)/.exec(readOutbox(to).text)![1]!;

export function mailCount(to: string): number {
  try {
    return readdirSync(process.env.MAIL_OUTBOX_DIR!).filter((name) => name.endsWith(`-${to}.json`)).length;
  } catch {
    return 0;
  }
}
