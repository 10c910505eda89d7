import { liveTopicFilterFor, type LiveGrant } from '@shared/live';
import type { Caller } from '../lib/caller';
import { optionalEnv } from '../lib/environment';
import { badRequest } from '../lib/errors';
import { grantIdentity } from '../identity/live-identity';
import * as messages from '@shared/messages';

/**
 * What the caller may listen to (shared/live.ts decides from the caller's record). On AWS the
 * caller's identity-pool identity also gets its tenant's IoT policy (functions/identity/live-identity.ts);
 * locally the broker checks the session token itself when the browser connects.
 */
export async function grantLiveNotices(caller: Caller, idToken: string | undefined): Promise<LiveGrant> {
  const topicFilter = liveTopicFilterFor({ Role: caller.role, ClinicID: caller.clinicId, ServiceProviderID: caller.serviceProviderId });
  if (!topicFilter) return {};
  const identityPoolId = optionalEnv('LIVE_IDENTITY_POOL_ID');
  if (identityPoolId) {
    if (!idToken) throw badRequest(messages.live.idTokenRequired);
    await grantIdentity({ identityPoolId, account: optionalEnv('LIVE_POLICY_ACCOUNT') ?? '' }, caller.userId, idToken, topicFilter);
  }
  return { topicFilter };
}
