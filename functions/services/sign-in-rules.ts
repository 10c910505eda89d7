import * as messages from '@shared/messages';
import { serviceProvidersRepository } from '../data/service-providers-repository';
import type { UserRecord } from '../data/users-repository';
import { maySignIn } from '../lib/may-sign-in';

/** Why a user may not be given a session: no portal record, or disabled (the user, the clinic or the provider). */
export type SignInRefusal = 'unknownUser' | 'disabled';

/**
 * The rules every path to a token applies, in one place: the portal's sign-in steps
 * (sessions.ts) and Cognito's triggers (functions/cognito/), so a direct call to Cognito meets
 * the same rules as /signin. The user's record must exist and may sign in (its own flag, its
 * clinic's and its provider's marks: maySignIn, which every call checks too); the provider is
 * read as well, which costs one read at a token's issue only and covers a provider disabled before
 * its users carried the mark (a data folder from before) or while a sign-in was under way.
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
