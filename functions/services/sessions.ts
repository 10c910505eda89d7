import {
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import createHttpError from 'http-errors';
import { randomInt } from 'node:crypto';
import type {
  ChangePasswordResult,
  SessionProfile,
  SessionTokens,
  SignedIn,
  SignInResult,
  TotpSetup,
} from '../../shared/api/session';
import { isValidPassword, stripSpaces } from '../../shared/api/session';
import { messages } from '../../shared/messages';
import { ADMIN_ROLES } from '../../shared/roles';
import { sessionsRepository } from '../data/sessions-repository';
import { statsRepository, type StatsScope } from '../data/stats-repository';
import { usersRepository, type UserRecord } from '../data/users-repository';
import { cognito } from '../lib/aws-clients';
import type { Caller } from '../lib/caller';
import { notFound } from '../lib/errors';
import { config } from '../lib/config';
import { mailer } from '../lib/mailer';

const m = messages.session;

/** Not spec texts: the answers for a lock after repeated failures and for a wrong 2FA code. */
export const SIGN_IN_LOCKED = 'Too many failed sign-in attempts, please try again in 15 minutes';
export const WRONG_AUTHENTICATION_CODE = 'Wrong authentication code';

/**
 * The temporary session of a pending step (2FA or new password): Cognito's own challenge session,
 * which Cognito verifies, with the user name it belongs to and our user id.
 */
interface PendingSession {
  session: string;
  username: string;
  userId?: string;
}

const encodePending = (pending: PendingSession) => Buffer.from(JSON.stringify(pending)).toString('base64url');

export function decodePending(token: string | undefined): PendingSession {
  try {
    const pending = JSON.parse(Buffer.from(token ?? '', 'base64url').toString('utf8')) as PendingSession;
    if (typeof pending.session === 'string' && typeof pending.username === 'string') return pending;
  } catch {
    // fall through
  }
  throw createHttpError(401, m.authenticationError);
}

function decodeJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The counts for the administrators' top bar, in the caller's own scope. */
function statsScope(user: UserRecord): StatsScope | undefined {
  if (!ADMIN_ROLES.includes(user.Role)) return undefined;
  if (user.Role === 'LiberDiAdmin') return { kind: 'global' };
  if (user.Role === 'ServiceProviderAdmin' && user.ServiceProviderID) return { kind: 'serviceProvider', id: user.ServiceProviderID };
  if (user.Role === 'ClinicAdmin' && user.ClinicID) return { kind: 'clinic', id: user.ClinicID };
  return undefined;
}

export async function sessionProfile(user: UserRecord, lastLoginAt = user.PreviousLoginAt || undefined): Promise<SessionProfile> {
  const scope = statsScope(user);
  return {
    UserID: user.UserID,
    FirstName: user.FirstName,
    LastName: user.LastName,
    Email: user.Email,
    LastLoginAt: lastLoginAt,
    Role: user.Role,
    Statistic: scope && (await statsRepository.get(scope)),
    ServiceProvider: user.ServiceProviderID
      ? { ServiceProviderID: user.ServiceProviderID, ServiceProviderName: user.ServiceProviderName }
      : undefined,
    ClinicID: user.ClinicID,
    TwoFactorEnabled: user.TwoFactorEnabled === true,
  };
}

function tokensOf(result: AuthenticationResultType, refreshToken?: string): SessionTokens {
  const token = result.AccessToken;
  const refresh = result.RefreshToken ?? refreshToken;
  if (!token || !refresh) throw createHttpError(401, m.authenticationError);
  return { token, refreshToken: refresh, expiresIn: result.ExpiresIn ?? 3600 };
}

/** Completes a sign-in with Cognito's tokens: checks our own enabled flag and records the sign-in time. */
async function signedIn(result: AuthenticationResultType): Promise<SignedIn> {
  const tokens = tokensOf(result);
  const userId = decodeJwtPayload(tokens.token).sub as string;
  const user = await usersRepository.get(userId);
  if (!user) throw createHttpError(401, m.authenticationError);
  if (!user.IsEnabled) throw createHttpError(403, m.userDisabled);
  const previous = await usersRepository.recordSignIn(userId);
  return { status: 'pass', updatePassword: false, ...tokens, profile: await sessionProfile(user, previous) };
}

/** Maps a Cognito answer (tokens or a challenge) to the spec's sign-in outcomes. */
async function outcome(response: Pick<InitiateAuthCommandOutput, 'AuthenticationResult' | 'ChallengeName' | 'ChallengeParameters' | 'Session'>, username: string): Promise<SignInResult> {
  if (response.AuthenticationResult) return signedIn(response.AuthenticationResult);
  const session = response.Session;
  if (!session) throw createHttpError(401, m.authenticationError);
  if (response.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    return { status: '2fa', updatePassword: false, token: encodePending({ session, username }) };
  }
  if (response.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
    const user = await usersRepository.getByEmail(username);
    if (!user) throw createHttpError(401, m.authenticationError);
    if (!user.IsEnabled) throw createHttpError(403, m.userDisabled);
    return {
      status: 'pass',
      updatePassword: true,
      token: encodePending({ session, username, userId: user.UserID }),
      profile: { UserID: user.UserID, FirstName: user.FirstName },
    };
  }
  throw createHttpError(401, m.authenticationError);
}

/** Cognito's refusals, in the spec's words. */
function signInError(error: unknown): Error {
  const { name, message } = error as Error;
  if (name === 'NotAuthorizedException' && /disabled/i.test(message)) return createHttpError(403, m.userDisabled);
  if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(message)) return createHttpError(429, SIGN_IN_LOCKED);
  if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') return createHttpError(401, m.wrongCredentials);
  if (name === 'CodeMismatchException') return createHttpError(400, WRONG_AUTHENTICATION_CODE);
  if (name === 'ExpiredCodeException') return createHttpError(401, m.authenticationError);
  if (name === 'InvalidPasswordException') return createHttpError(400, m.passwordRule);
  return error as Error;
}

export async function signIn(email: string, password: string): Promise<SignInResult> {
  const username = stripSpaces(email).toLowerCase();
  if (await sessionsRepository.isSignInLocked(username)) throw createHttpError(429, SIGN_IN_LOCKED);
  let response: InitiateAuthCommandOutput;
  try {
    response = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.userPoolClientId,
        AuthParameters: { USERNAME: username, PASSWORD: stripSpaces(password) },
      }),
    );
  } catch (error) {
    // cognito-local answers a wrong password with InvalidPasswordException; Cognito with NotAuthorizedException.
    const mapped = (error as Error).name === 'InvalidPasswordException' ? createHttpError(401, m.wrongCredentials) : signInError(error);
    if ((mapped as { statusCode?: number }).statusCode === 401) await sessionsRepository.recordSignInFailure(username);
    throw mapped;
  }
  await sessionsRepository.clearSignInFailures(username);
  return outcome(response, username);
}

export async function answerTwoFactor(pendingToken: string | undefined, code: string): Promise<SignInResult> {
  const pending = decodePending(pendingToken);
  try {
    const response = await cognito().send(
      new RespondToAuthChallengeCommand({
        ClientId: config.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: pending.session,
        ChallengeResponses: { USERNAME: pending.username, SOFTWARE_TOKEN_MFA_CODE: stripSpaces(code) },
      }),
    );
    return await outcome(response, pending.username);
  } catch (error) {
    throw signInError(error);
  }
}

export async function changePassword(pendingToken: string | undefined, userId: string, newPassword: string): Promise<ChangePasswordResult> {
  const pending = decodePending(pendingToken);
  if (!pending.userId || pending.userId !== userId) throw createHttpError(403, messages.errors.noPermission);
  try {
    const response = await cognito().send(
      new RespondToAuthChallengeCommand({
        ClientId: config.userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: pending.session,
        ChallengeResponses: { USERNAME: pending.username, NEW_PASSWORD: stripSpaces(newPassword) },
      }),
    );
    const result = await outcome(response, pending.username);
    if (result.status !== 'pass' || result.updatePassword) throw createHttpError(401, m.authenticationError);
    return { ...result, nModified: 1 };
  } catch (error) {
    throw signInError(error);
  }
}

export async function refreshSession(refreshToken: string): Promise<SessionTokens> {
  try {
    const response = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: config.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    if (!response.AuthenticationResult) throw createHttpError(401, m.authenticationError);
    return tokensOf(response.AuthenticationResult, refreshToken);
  } catch (error) {
    throw createHttpError(401, m.authenticationError, { cause: error });
  }
}

/**
 * Signs a session out: the refresh token is revoked at Cognito (no new access tokens), and the
 * presented access token is marked revoked, which every endpoint checks, until it expires.
 */
export async function signOut(accessTokenClaims: Record<string, string>, refreshToken?: string): Promise<{ signedOut: true }> {
  const tokenId = accessTokenClaims.jti;
  const expiresAt = Number(accessTokenClaims.exp);
  if (tokenId && Number.isFinite(expiresAt)) await sessionsRepository.revoke(tokenId, expiresAt);
  if (refreshToken) {
    try {
      await cognito().send(new RevokeTokenCommand({ ClientId: config.userPoolClientId, Token: refreshToken }));
    } catch (error) {
      // A refresh token that is already unknown is already unusable; anything else is a real failure.
      if ((error as Error).name !== 'NotAuthorizedException' && (error as Error).name !== 'UnsupportedTokenTypeException') throw error;
    }
  }
  return { signedOut: true };
}

/** A temporary password meeting the spec's rule, for password recovery. */
export function temporaryPassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)]!;
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const symbols = '!@#%^&*';
  const all = lower + upper + digits + symbols;
  const chars = [pick(lower), pick(upper), pick(digits), pick(symbols), ...Array.from({ length: 8 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (!isValidPassword(password)) throw new Error('temporary password does not meet the rule');
  return password;
}

/**
 * Password recovery: a new temporary password, mailed; the next sign-in asks for a new one
 * (the create-password step). An unknown or disabled account gets the spec's failure text.
 */
export async function recoverPassword(email: string): Promise<{ sent: true }> {
  const user = await usersRepository.getByEmail(stripSpaces(email));
  if (!user || !user.IsEnabled) throw createHttpError(404, m.recoveryFailure);
  const password = temporaryPassword();
  await cognito().send(
    new AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: user.Email, Password: password, Permanent: false }),
  );
  await sessionsRepository.clearSignInFailures(user.Email);
  await mailer().send({
    to: user.Email,
    subject: 'PD Clinic Portal: your temporary password',
    text: `Hello ${user.FirstName},\n\nYour temporary password is: ${password}\n\nSign in with it; you will be asked to choose a new password.\n`,
  });
  return { sent: true };
}

const TOTP_ISSUER = 'PD Clinic Portal';

/** Starts turning on TOTP: Cognito's secret, and the otpauth URI an authenticator app scans. */
export async function setupTotp(accessToken: string, email: string): Promise<TotpSetup> {
  const { SecretCode } = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!SecretCode) throw new Error('Cognito gave no TOTP secret');
  const label = encodeURIComponent(`${TOTP_ISSUER}:${email}`);
  return {
    secretCode: SecretCode,
    otpauthUri: `otpauth://totp/${label}?secret=${SecretCode}&issuer=${encodeURIComponent(TOTP_ISSUER)}`,
  };
}

/** Finishes turning on TOTP with a first code; from then on sign-in asks for a code. */
export async function verifyTotp(accessToken: string, userId: string, code: string): Promise<{ enabled: true }> {
  try {
    const result = await cognito().send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: stripSpaces(code) }));
    if (result.Status !== 'SUCCESS') throw createHttpError(400, WRONG_AUTHENTICATION_CODE);
  } catch (error) {
    throw signInError(error);
  }
  await cognito().send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  await usersRepository.setTwoFactorEnabled(userId, true);
  return { enabled: true };
}

/** The signed-in caller's profile, with fresh counts for the administrators' top bar. */
export async function currentSession(caller: Caller): Promise<{ profile: SessionProfile }> {
  const user = await usersRepository.get(caller.userId);
  if (!user) throw notFound();
  return { profile: await sessionProfile(user) };
}

/** Starts TOTP set-up for the signed-in caller: the secret and the otpauth URI labelled with the caller's e-mail. */
export async function startTotpSetup(caller: Caller, accessToken: string): Promise<TotpSetup> {
  const user = await usersRepository.get(caller.userId);
  if (!user) throw notFound();
  return setupTotp(accessToken, user.Email);
}
