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
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChangePasswordResult, LanguageChoice, SessionProfile, SessionTokens, SignedIn, SignInResult, TotpSetup } from '@shared/api/session';
import { isValidPassword, requiresTwoFactorSetup, sessionNotices, stripSpaces, TWO_FACTOR_REQUIRED_ROLES } from '@shared/api/session';
import * as messages from '@shared/messages';
import type { Language } from '@shared/language';
import { ADMIN_ROLES } from '@shared/roles';
import type { AuditTrail } from '../audit/audit-trail';
import { rateLimits } from '../data/rate-limits-repository';
import { recoveryRepository } from '../data/recovery-repository';
import { sessionsRepository } from '../data/sessions-repository';
import { statsRepository, type StatsScope } from '../data/stats-repository';
import { usersRepository, type UserRecord } from '../data/users-repository';
import { cognito } from '../lib/cognito-client';
import { HUMAN_PROOF_KEY, humanProof } from '../lib/human-proof';
import type { Caller } from '../lib/caller';
import { conflict, notFound } from '../lib/errors';
import { config } from '../lib/config';
import { mailer } from '../lib/mailer';
import { maySignIn } from '../identity/may-sign-in';
import { endAllSessions } from './end-sessions';
import { signInRefusal } from './sign-in-rules';
import { languageOf, mailsFor } from './user-language';
import { completePendingStep, issuePendingToken, openPendingToken, type PendingSession } from './pending-steps';
import { alarmSecurityEvent, recordSecurityEvent } from './security-events';

const m = messages.session;

export const WRONG_AUTHENTICATION_CODE = sessionNotices.wrongAuthenticationCode;

/** Recovery requests allowed per hour: per e-mail address, and per source address. */
export const RECOVERY_LIMIT_PER_ADDRESS = 3;
export const RECOVERY_LIMIT_PER_SOURCE = 10;
const RECOVERY_WINDOW_SECONDS = 60 * 60;

/** How long our record of a refresh token is kept: past the longest refresh-token validity we configure (12 h on AWS). */
const REFRESH_RECORD_SECONDS = 30 * 24 * 60 * 60;

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
    ServiceProvider: user.ServiceProviderID ? { ServiceProviderID: user.ServiceProviderID, ServiceProviderName: user.ServiceProviderName } : undefined,
    ClinicID: user.ClinicID,
    TwoFactorEnabled: user.TwoFactorEnabled === true,
    Language: await languageOf(user),
  };
}

function tokensOf(result: AuthenticationResultType, refreshToken?: string): SessionTokens {
  const token = result.AccessToken;
  const refresh = result.RefreshToken ?? refreshToken;
  if (!token || !refresh) throw createHttpError(401, m.authenticationError);
  return { token, refreshToken: refresh, expiresIn: result.ExpiresIn ?? 3600, ...(result.IdToken && { idToken: result.IdToken }) };
}

async function refreshWithCognito(refreshToken: string): Promise<SessionTokens> {
  const response = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  if (!response.AuthenticationResult) throw createHttpError(401, m.authenticationError);
  return tokensOf(response.AuthenticationResult, refreshToken);
}

/**
 * Tokens that count as current. Token times are whole seconds, so a session begun in the same
 * second as an end of all sessions (the password change just before this sign-in, say) would
 * count as ended: then this waits for the next second and takes a fresh access token.
 */
async function currentTokens(userId: string, tokens: SessionTokens): Promise<SessionTokens> {
  const { tokensValidFrom } = await sessionsRepository.cutoff(userId);
  if (Number(decodeJwtPayload(tokens.token).iat) >= tokensValidFrom) return tokens;
  const wait = tokensValidFrom * 1000 - Date.now();
  if (wait > 2000) throw createHttpError(401, m.authenticationError); // a cut-off in the future: not ours to outwait
  await sleep(Math.max(wait, 0) + 20);
  const fresh = await refreshWithCognito(tokens.refreshToken);
  if (Number(decodeJwtPayload(fresh.token).iat) < tokensValidFrom) throw createHttpError(401, m.authenticationError);
  return fresh;
}

/** The rules of every path to a token (sign-in-rules.ts, which Cognito's triggers apply too), in the spec's answers. */
async function refuseDisabled(user: UserRecord): Promise<void> {
  if (await signInRefusal(user)) throw createHttpError(403, m.userDisabled);
}

/** How a sign-in got its tokens: the password alone, or the password and then the TOTP code. */
type SignInPath = { via: 'password' | 'twoFactor'; source: string };

/** Marks an access token as issued to a session that came through the TOTP step (checked on each call for the roles that require it). */
async function markTwoFactorSession(userId: string, accessToken: string): Promise<void> {
  const claims = decodeJwtPayload(accessToken);
  if (typeof claims.jti !== 'string') throw createHttpError(401, m.authenticationError);
  await sessionsRepository.markTwoFactorSession(userId, claims.jti, Number(claims.exp));
}

/**
 * Cognito gave tokens for the password alone to an administrator who must use TOTP and has it on:
 * TOTP was turned off at Cognito outside the portal (SetUserMFAPreference with the user's own
 * token). The tokens are not a session: they are dropped, TOTP is turned back on with them (so the
 * next sign-in asks for the code), the audit trail records it and the operations alarm fires.
 */
async function refuseTwoFactorBypass(user: UserRecord, result: AuthenticationResultType, path: SignInPath): Promise<never> {
  alarmSecurityEvent('TwoFactorTurnedOffOutsidePortal', user.UserID);
  try {
    await cognito().send(new SetUserMFAPreferenceCommand({ AccessToken: result.AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  } finally {
    await discardTokens(result);
    await recordSecurityEvent('TwoFactorTurnedOffOutsidePortal', user, {
      route: 'POST /signin',
      source: path.source,
      changes: [{ field: 'CognitoSoftwareTokenMfa', before: false, after: true }],
    });
  }
  throw createHttpError(401, m.authenticationError);
}

/**
 * Completes a sign-in with Cognito's tokens: checks our own enabled flag, dates the refresh
 * token (so ending all sessions ends it), marks a session that came through the TOTP step, and
 * records the sign-in time.
 */
async function signedIn(result: AuthenticationResultType, path: SignInPath): Promise<SignedIn> {
  const userId = decodeJwtPayload(tokensOf(result).token).sub as string;
  const user = await usersRepository.get(userId);
  if (!user) throw createHttpError(401, m.authenticationError);
  await refuseDisabled(user);
  if (path.via === 'password' && user.TwoFactorEnabled && TWO_FACTOR_REQUIRED_ROLES.includes(user.Role)) await refuseTwoFactorBypass(user, result, path);
  const tokens = await currentTokens(userId, tokensOf(result));
  const twoFactor = path.via === 'twoFactor';
  await sessionsRepository.recordRefreshToken(tokens.refreshToken, userId, Math.floor(Date.now() / 1000) + REFRESH_RECORD_SECONDS, twoFactor);
  if (twoFactor) await markTwoFactorSession(userId, tokens.token);
  const previous = await usersRepository.recordSignIn(userId);
  await recordSecurityEvent('SignedIn', user, { route: path.via === 'twoFactor' ? 'POST /signin/2fa' : 'POST /signin', source: path.source });
  const profile = await sessionProfile(user, previous);
  return { status: 'pass', updatePassword: false, ...tokens, profile, ...(requiresTwoFactorSetup(profile) ? { totpSetupRequired: true } : {}) };
}

/** The enabled user a pending step belongs to. */
async function pendingUser(username: string): Promise<UserRecord> {
  const user = await usersRepository.getByEmail(username);
  if (!user) throw createHttpError(401, m.authenticationError);
  await refuseDisabled(user);
  return user;
}

/** Maps a Cognito answer (tokens or a challenge) to the spec's sign-in outcomes. */
async function outcome(
  response: Pick<InitiateAuthCommandOutput, 'AuthenticationResult' | 'ChallengeName' | 'ChallengeParameters' | 'Session'>,
  username: string,
  path: SignInPath,
): Promise<SignInResult> {
  if (response.AuthenticationResult) return signedIn(response.AuthenticationResult, path);
  const session = response.Session;
  if (!session) throw createHttpError(401, m.authenticationError);
  if (response.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const user = await pendingUser(username);
    return { status: '2fa', updatePassword: false, token: await issuePendingToken({ step: 'twoFactor', session, username, userId: user.UserID }) };
  }
  if (response.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
    const user = await pendingUser(username);
    return {
      status: 'pass',
      updatePassword: true,
      token: await issuePendingToken({ step: 'newPassword', session, username, userId: user.UserID }),
      profile: { UserID: user.UserID, FirstName: user.FirstName },
    };
  }
  throw createHttpError(401, m.authenticationError);
}

/** Cognito's refusals, in the spec's words. */
function signInError(error: unknown): Error {
  const { name, message } = error as Error;
  // A trigger's refusal (functions/cognito/): its message is the spec's text, inside Cognito's own words.
  if (name === 'UserLambdaValidationException') {
    return message.includes(m.userDisabled) ? createHttpError(403, m.userDisabled) : createHttpError(401, m.authenticationError);
  }
  if (name === 'NotAuthorizedException' && /disabled/i.test(message)) return createHttpError(403, m.userDisabled);
  // Cognito's own account-wide lock after repeated failures (AWS only; its threat protection decides it).
  if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(message)) return createHttpError(429, sessionNotices.signInWait(60));
  if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') return createHttpError(401, m.wrongCredentials);
  if (name === 'CodeMismatchException') return createHttpError(400, WRONG_AUTHENTICATION_CODE);
  if (name === 'ExpiredCodeException') return createHttpError(401, m.authenticationError);
  if (name === 'InvalidPasswordException') return createHttpError(400, m.passwordRule);
  return error as Error;
}

const statusOf = (error: unknown) => (error as { statusCode?: number }).statusCode;

/**
 * Cognito's password sign-in, with the portal's human proof for its pre-authentication trigger:
 * only the sign-in steps call this, after their human verification and waits (or, for the
 * create-password step, after a pending token that a verified sign-in issued).
 */
async function passwordAuth(username: string, password: string): Promise<InitiateAuthCommandOutput> {
  return cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
      ClientMetadata: { [HUMAN_PROOF_KEY]: await humanProof(username) },
    }),
  );
}

/**
 * Signs in with the e-mail and password. Failures are counted per account and source: after a
 * few, that source waits before its next try (1 s, 2 s, 4 s … up to 15 minutes), while the right
 * password from another source still signs in. A password recovery's mailed password is taken
 * here: once, within its hour, it becomes a temporary password and leads to /create-password.
 * `source` is the caller's address; code of our own (the seed) signs in as 'internal'.
 */
export async function signIn(email: string, password: string, source = 'internal'): Promise<SignInResult> {
  const username = stripSpaces(email).toLowerCase();
  const secret = stripSpaces(password);
  const wait = await sessionsRepository.signInWaitSeconds(username, source);
  if (wait > 0) throw createHttpError(429, sessionNotices.signInWait(wait));
  let response: InitiateAuthCommandOutput;
  try {
    response = await passwordAuth(username, secret);
  } catch (error) {
    // cognito-local answers a wrong password with InvalidPasswordException; Cognito with NotAuthorizedException.
    const mapped = (error as Error).name === 'InvalidPasswordException' ? createHttpError(401, m.wrongCredentials) : signInError(error);
    // Only a wrong password may be a mailed recovery password; a trigger's refusal is final.
    if (mapped.message !== m.wrongCredentials) throw mapped;
    const recovered = await signInWithRecoveryPassword(username, secret);
    if (!recovered) {
      await sessionsRepository.recordSignInFailure(username, source);
      await recordFailedSignIn(username, source, 'POST /signin');
      throw mapped;
    }
    response = recovered;
  }
  // A right password before a 2FA code is half a sign-in: the failures stay until the code is right too.
  if (response.ChallengeName !== 'SOFTWARE_TOKEN_MFA') await sessionsRepository.clearSignInFailures(username, source);
  return outcome(response, username, { via: 'password', source });
}

/**
 * A failed sign-in of a known account, in its tenant's trail. An unknown address has no tenant to
 * file it under and is not recorded (the per-source waits bound how often either can happen).
 */
async function recordFailedSignIn(username: string, source: string, route: string): Promise<void> {
  const user = await usersRepository.getByEmail(username);
  if (user) await recordSecurityEvent('SignInFailed', user, { route, source });
}

/**
 * The mailed recovery password, used: it becomes the user's temporary password (Cognito holds one
 * password, so the current one stops only now), every session of the user ends, and Cognito asks
 * for a new password. Undefined when `password` is not the user's unexpired mailed password.
 */
async function signInWithRecoveryPassword(username: string, password: string): Promise<InitiateAuthCommandOutput | undefined> {
  if (!isValidPassword(password)) return undefined;
  const user = await usersRepository.getByEmail(username);
  if (!user || (await signInRefusal(user))) return undefined;
  if (!(await recoveryRepository.use(user.UserID, password))) return undefined;
  await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: user.Email, Password: password, Permanent: false }));
  await endAllSessions(user.UserID);
  return passwordAuth(username, password);
}

/**
 * The 2FA step. A wrong code counts as a failed sign-in of the account from this source, so
 * guessing codes (3 a pending token, then a new sign-in) meets the same growing waits as passwords.
 */
export async function answerTwoFactor(pendingToken: string | undefined, code: string, source = 'internal'): Promise<SignInResult> {
  const pending = await openPendingToken(pendingToken, 'twoFactor');
  const wait = await sessionsRepository.signInWaitSeconds(pending.username, source);
  if (wait > 0) throw createHttpError(429, sessionNotices.signInWait(wait));
  let result: SignInResult;
  try {
    const response = await cognito().send(
      new RespondToAuthChallengeCommand({
        ClientId: config.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: pending.session,
        ChallengeResponses: { USERNAME: pending.username, SOFTWARE_TOKEN_MFA_CODE: stripSpaces(code) },
      }),
    );
    result = await outcome(response, pending.username, { via: 'twoFactor', source });
  } catch (error) {
    const mapped = signInError(error);
    if (statusOf(mapped) === 400) {
      await sessionsRepository.recordSignInFailure(pending.username, source);
      await recordFailedSignIn(pending.username, source, 'POST /signin/2fa');
    }
    throw mapped;
  }
  await spendPendingToken(pending, result);
  await sessionsRepository.clearSignInFailures(pending.username, source);
  return result;
}

/** Spends the pending token once its step succeeded; a token raced to a second success gets its new session revoked. */
async function spendPendingToken(pending: PendingSession, result: SignInResult): Promise<void> {
  try {
    await completePendingStep(pending);
  } catch (error) {
    if ('refreshToken' in result) await revokeRefreshToken(result.refreshToken);
    throw error;
  }
}

/**
 * The create-password step (first sign-in, or after a recovery): sets the new password with the
 * pending session, ends every other session of the user, and signs the user in. A user with
 * TOTP on still owes the code: the answer is then the 2FA step (with nModified 1), never a
 * session, so a recovery mail alone does not get past the second factor.
 */
export async function changePassword(
  pendingToken: string | undefined,
  userId: string,
  newPassword: string,
  source = 'internal',
): Promise<ChangePasswordResult> {
  const pending = await openPendingToken(pendingToken, 'newPassword');
  if (pending.userId !== userId) throw createHttpError(403, messages.errors.noPermission);
  const user = await usersRepository.get(userId);
  if (!user) throw createHttpError(401, m.authenticationError);
  const { tokensValidFrom } = await endAllSessions(userId);
  // The new session's tokens must be issued after the cut-off's second, or they would count as ended.
  await sleep(Math.max(tokensValidFrom * 1000 - Date.now(), 0) + 20);
  const password = stripSpaces(newPassword);
  let result: SignInResult;
  try {
    let response: InitiateAuthCommandOutput = await cognito().send(
      new RespondToAuthChallengeCommand({
        ClientId: config.userPoolClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: pending.session,
        ChallengeResponses: { USERNAME: pending.username, NEW_PASSWORD: password },
      }),
    );
    if (user.TwoFactorEnabled && response.AuthenticationResult) {
      // cognito-local signs in without the code here (Cognito asks for it): drop those tokens and
      // sign in again with the new password, which asks for the code.
      await discardTokens(response.AuthenticationResult);
      response = await passwordAuth(pending.username, password);
    }
    result = await outcome(response, pending.username, { via: 'password', source });
  } catch (error) {
    throw signInError(error);
  }
  if (result.updatePassword) throw createHttpError(401, m.authenticationError);
  await spendPendingToken(pending, result);
  await recordSecurityEvent('PasswordChanged', user, { route: 'POST /users/{userId}/changePass', source });
  return { ...result, nModified: 1 };
}

/** Tokens Cognito issued that must not become a session. */
async function discardTokens(result: AuthenticationResultType): Promise<void> {
  if (result.AccessToken) {
    const claims = decodeJwtPayload(result.AccessToken);
    if (typeof claims.jti === 'string') await sessionsRepository.revoke(claims.jti, Number(claims.exp));
  }
  if (result.RefreshToken) await revokeRefreshToken(result.RefreshToken);
}

/**
 * A new access token for a refresh token, unless the refresh token's session has ended: it must
 * be one we issued at a sign-in (we date it) after the user's sessions were last ended.
 */
export async function refreshSession(refreshToken: string): Promise<SessionTokens> {
  const issue = await sessionsRepository.refreshTokenIssue(refreshToken);
  if (!issue || issue.issuedAtMs <= (await sessionsRepository.cutoff(issue.userId)).endedAtMs) {
    throw createHttpError(401, m.authenticationError);
  }
  try {
    const tokens = await refreshWithCognito(refreshToken);
    if (decodeJwtPayload(tokens.token).sub !== issue.userId) throw createHttpError(401, m.authenticationError);
    const current = await currentTokens(issue.userId, tokens);
    // A refresh of a session that came through the TOTP step is such a session too.
    if (issue.twoFactor) await markTwoFactorSession(issue.userId, current.token);
    return current;
  } catch (error) {
    throw createHttpError(401, m.authenticationError, { cause: error });
  }
}

async function revokeRefreshToken(refreshToken: string): Promise<void> {
  try {
    await cognito().send(new RevokeTokenCommand({ ClientId: config.userPoolClientId, Token: refreshToken }));
  } catch (error) {
    // A refresh token that is already unknown is already unusable; anything else is a real failure.
    if ((error as Error).name !== 'NotAuthorizedException' && (error as Error).name !== 'UnsupportedTokenTypeException') throw error;
  }
}

/**
 * Signs the user out everywhere: this access token is marked revoked, every session of the user
 * ends (see endAllSessions), and the refresh token, when the web still holds it, is revoked too.
 */
export async function signOut(
  accessToken: string,
  accessTokenClaims: Record<string, string>,
  refreshToken?: string,
  source = 'internal',
): Promise<{ signedOut: true }> {
  const tokenId = accessTokenClaims.jti;
  const expiresAt = Number(accessTokenClaims.exp);
  if (tokenId && Number.isFinite(expiresAt)) await sessionsRepository.revoke(tokenId, expiresAt);
  await endAllSessions(accessTokenClaims.sub!, { accessToken });
  if (refreshToken) await revokeRefreshToken(refreshToken);
  const user = await usersRepository.get(accessTokenClaims.sub!);
  if (user) await recordSecurityEvent('SignedOut', user, { route: 'POST /signout', source });
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
 * Password recovery: a new password, mailed, that works once within the hour and then leads to
 * the create-password step. Until it is used the current password keeps working, so a stranger
 * who asks for someone's recovery locks nobody out. Requests are limited per e-mail address and
 * per source. An unknown or disabled account gets the spec's failure text.
 */
export async function recoverPassword(email: string, options: { source?: string } = {}): Promise<{ sent: true }> {
  const address = stripSpaces(email).toLowerCase();
  const withinLimits =
    (!options.source || (await rateLimits.take(`recovery-source#${options.source}`, RECOVERY_LIMIT_PER_SOURCE, RECOVERY_WINDOW_SECONDS))) &&
    (await rateLimits.take(`recovery-address#${address}`, RECOVERY_LIMIT_PER_ADDRESS, RECOVERY_WINDOW_SECONDS));
  if (!withinLimits) throw createHttpError(429, sessionNotices.recoveryRateLimited);
  const user = await usersRepository.getByEmail(address);
  // An address an administrator set receives no recovery until its user signed in with it: else
  // whoever changed it (and holds that mailbox) could take the account.
  if (!user || !maySignIn(user) || user.EmailUnconfirmed) throw createHttpError(404, m.recoveryFailure);
  const password = temporaryPassword();
  await recoveryRepository.save(user.UserID, password);
  const mail = await mailsFor(user);
  await mailer().send({ to: user.Email, subject: mail.recoverySubject, text: mail.recoveryText(user.FirstName, password) });
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
export async function verifyTotp(accessToken: string, userId: string, code: string, source = 'internal', refreshToken?: string): Promise<{ enabled: true }> {
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
  // The session that proved a first code is a two-factor session from now on, and so are its
  // refreshes when the web sends its refresh token along (a token of another user marks nothing).
  await markTwoFactorSession(userId, accessToken);
  if (refreshToken) await sessionsRepository.markRefreshTokenTwoFactor(refreshToken, userId);
  const user = await usersRepository.get(userId);
  if (user) await recordSecurityEvent('TwoFactorTurnedOn', user, { route: 'POST /users/{userId}/totp/verify', source });
  return { enabled: true };
}

/** The signed-in caller's profile, with fresh counts for the administrators' top bar. */
export async function currentSession(caller: Caller): Promise<{ profile: SessionProfile }> {
  const user = await usersRepository.get(caller.userId);
  if (!user) throw notFound();
  return { profile: await sessionProfile(user) };
}

/** The signed-in caller's own choice of language, kept in their record with its audit record in one transaction. */
export async function chooseLanguage(caller: Caller, audit: AuditTrail, language: Language): Promise<LanguageChoice> {
  const before = await usersRepository.get(caller.userId);
  if (!before) throw notFound();
  const record = audit.write({
    entity: 'User',
    id: before.UserID,
    before: { Language: before.Language },
    after: { Language: language },
    ServiceProviderID: before.ServiceProviderID,
    ClinicID: before.ClinicID,
  });
  // The record is matched on its e-mail; an administrator changing it meanwhile refuses the write.
  if ((await usersRepository.update(before, { Language: language }, { audit: record })) !== 'updated') throw conflict(messages.errors.internal);
  return { Language: language };
}

/** Starts TOTP set-up for the signed-in caller: the secret and the otpauth URI labelled with the caller's e-mail. */
export async function startTotpSetup(caller: Caller, accessToken: string): Promise<TotpSetup> {
  const user = await usersRepository.get(caller.userId);
  if (!user) throw notFound();
  return setupTotp(accessToken, user.Email);
}
