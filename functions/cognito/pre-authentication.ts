import type { PreAuthenticationTriggerEvent } from 'aws-lambda';
import * as messages from '@shared/messages';
import { usersRepository } from '../data/users-repository';
import { HUMAN_PROOF_KEY, isHumanProof } from '../lib/human-proof';
import { logger } from '../lib/powertools';
import { refusalMessage, signInRefusal } from '../services/sign-in-rules';

/**
 * Cognito's pre-authentication trigger: runs before Cognito checks a password, for every password
 * sign-in, the portal's and a direct call to Cognito's public API alike. It refuses a sign-in that
 * did not come through the portal's sign-in steps (no valid human proof: functions/lib/human-proof.ts),
 * so the human verification and the per-source waits cannot be skipped, and one the portal's rules
 * refuse (sign-in-rules.ts). An unknown user name passes: Cognito then answers as for a wrong
 * password, and a different answer would tell who has an account. Throwing refuses: Cognito answers
 * UserLambdaValidationException with the message.
 */
export async function preAuthentication(event: PreAuthenticationTriggerEvent): Promise<PreAuthenticationTriggerEvent> {
  const { userAttributes, validationData, userNotFound } = event.request;
  if (userNotFound) return event;
  if (!(await isHumanProof(validationData?.[HUMAN_PROOF_KEY], userAttributes.email))) {
    logger.warn('password sign-in without the portal human proof refused', { userId: userAttributes.sub });
    throw new Error(messages.session.authenticationError);
  }
  const refusal = await signInRefusal(userAttributes.sub ? await usersRepository.get(userAttributes.sub) : undefined);
  if (refusal) {
    logger.info('password sign-in refused', { userId: userAttributes.sub, refusal });
    throw new Error(refusalMessage(refusal));
  }
  return event;
}

export const handler = preAuthentication;
