import * as messages from '@shared/messages';
import { serviceProvidersRepository } from '../data/service-providers-repository';
import type { UserRecord } from '../data/users-repository';
import { maySignIn } from '../identity/may-sign-in';

/** Why a user may not be given a session: no portal record, or disabled (the user, the clinic or the provider). */
export type SignInRefusal = 'unknownUser' | 'disabled';

/**
 * The rules every path to a token applies, the portal's sign-in steps and Cognito's triggers alike,
 * so a direct call to Cognito meets the rules of /signin: the user's record exists and may sign in
 * (maySignIn), and the provider is read too, one read a token, to catch a provider disabled before
 * its users carried the mark or during the sign-in.
 */
export async function signInRefusal(user: UserRecord | undefined): Promise<SignInRefusal | undefined> {
  if (!user) return 'unknownUser';
  if (!maySignIn(user)) return 'disabled';
  if (user.ServiceProviderID && !(await serviceProvidersRepository.isEnabled(user.ServiceProviderID))) return 'disabled';
  return undefined;
}

/**
 * A refusal in the spec's words, as the triggers throw it: Cognito answers
 * UserLambdaValidationException with this text in its message, which sessions.ts maps back.
 */
export function refusalMessage(refusal: SignInRefusal): string {
  return refusal === 'disabled' ? messages.session.userDisabled : messages.session.authenticationError;
}
