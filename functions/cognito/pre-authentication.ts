import type { PreAuthenticationTriggerEvent } from 'aws-lambda';
import * as messages from '@shared/messages';
import { usersRepository } from '../data/users-repository';
import { HUMAN_PROOF_KEY, isHumanProof } from '../lib/human-proof';
import { logger } from '../lib/powertools';
import { refusalMessage, signInRefusal } from '../services/sign-in-rules';

/**
 * Cognito's pre-authentication trigger, run before every password check, the portal's and a direct
 * call to Cognito alike: it refuses a sign-in without the portal's human proof (human-proof.ts), so
 * the human check and the waits cannot be skipped, and one the portal's rules refuse. An unknown
 * user passes, so Cognito answers as for a wrong password and does not tell who has an account.
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
