import type { SignInResult } from '@shared/api/session';
import { session } from '@shared/messages/session';
import type { Role } from '@shared/roles';
import { ApiError } from '@web/src/lib/api-client';
import { HumanVerificationError } from '@web/src/lib/human-verification';
import { canOpen } from '@web/src/lib/navigation';
import { paths, type ReturnTo } from '@web/src/lib/paths';
import { sessionStore } from '@web/src/lib/session-store';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { session };

export type SignInStep = 'twoFactor' | 'createPassword' | 'signedIn';

/**
 * The spec's sign-in outcomes (section 4): '2fa' → the 2FA step; 'pass' with updatePassword → the
 * create-password step; 'pass' → signed in; anything else 'authentication error'. After the 2FA
 * step the same branching applies and the pending 2FA slot is cleared.
 */
export function applySignInResult(result: SignInResult | undefined, after: 'signIn' | 'twoFactor'): SignInStep {
  if (after === 'signIn' && result?.status === '2fa' && result.token) {
    sessionStore.setPendingTwoFactor(result);
    return 'twoFactor';
  }
  if (result?.status === 'pass' && result.updatePassword === true && result.token) {
    if (after === 'twoFactor') sessionStore.clearPendingTwoFactor();
    sessionStore.setPendingPasswordChange(result);
    return 'createPassword';
  }
  if (result?.status === 'pass' && result.updatePassword === false && result.token) {
    sessionStore.signIn(result);
    return 'signedIn';
  }
  throw new ApiError([messages.session.authenticationError]);
}

/** Where a completed sign-in goes: back to the location the guard remembered, if the role may open it, else home. */
export function destinationAfterSignIn(from: ReturnTo | undefined, role: Role | undefined): ReturnTo | string {
  if (from && role && canOpen(role, from.pathname) && from.pathname !== paths.login) return from;
  return paths.home;
}

/** The path of a step other than 'signedIn'. */
export const stepPath = { twoFactor: paths.twoFactor, createPassword: paths.createPassword } as const;

/**
 * The messages the sign-in screens show in their status area: 'authentication error' when no
 * answer came; with `preferFields` (2FA and new password) the server's field messages if any.
 */
export function signInErrorMessages(error: unknown, { preferFields = false } = {}): string[] {
  if (error instanceof HumanVerificationError) return [error.message];
  if (error instanceof ApiError) {
    if (error.noAnswer) return [messages.session.authenticationError];
    const fields = error.fields ? Object.values(error.fields) : [];
    if (preferFields && fields.length) return fields;
    return error.messages;
  }
  return [messages.session.authenticationError];
}
