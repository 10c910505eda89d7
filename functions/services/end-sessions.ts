import { sessionsRepository, type SessionCutoff } from '../data/sessions-repository';
import { usersRepository } from '../data/users-repository';
import { config } from '../lib/config';

/** cognito-local has no global sign-out; there our own cut-off alone ends the sessions. */
const unsupportedByTwin = (error: unknown) => /^Cognito Local unsupported feature/.test((error as Error).message ?? '');

/**
 * Ends every session of a user: tokens issued until now stop working on every call, refresh tokens
 * are refused, and Cognito's global sign-out revokes them there too (docs/security.md, "Ending every
 * session of a user"). A module of its own that loads the Cognito SDK only when it runs, so the
 * Lambdas that may end sessions do not pay for it at every cold start.
 */
export async function endAllSessions(userId: string, options: { accessToken?: string } = {}): Promise<SessionCutoff> {
  const cutoff = await sessionsRepository.endSessions(userId);
  const [{ cognito }, { AdminUserGlobalSignOutCommand, GlobalSignOutCommand }] = await Promise.all([
    import('../lib/cognito-client'),
    import('@aws-sdk/client-cognito-identity-provider'),
  ]);
  try {
    if (options.accessToken) {
      await cognito().send(new GlobalSignOutCommand({ AccessToken: options.accessToken }));
    } else {
      const user = await usersRepository.get(userId);
      if (user) await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId, Username: user.Email }));
    }
  } catch (error) {
    const { name } = error as Error;
    // An access token Cognito already revoked, or a user Cognito no longer has: nothing left to sign out there.
    if (!unsupportedByTwin(error) && name !== 'NotAuthorizedException' && name !== 'UserNotFoundException') throw error;
  }
  return cutoff;
}
