import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { usersRepository } from '../data/users-repository';
import { logger } from '../lib/powertools';
import { refusalMessage, signInRefusal } from '../services/sign-in-rules';

/**
 * Cognito's pre-token-generation trigger: runs at every issue of tokens (a password sign-in, the
 * answer to the 2FA or the new-password challenge, a refresh), whoever asks, the portal or a direct
 * call to Cognito. It applies the portal's sign-in rules (sign-in-rules.ts), so a user, clinic or
 * provider disabled gets no token and no refreshed token by any path. Throwing refuses: Cognito
 * answers UserLambdaValidationException with the message. The tokens' claims are left as they are.
 */
export async function preTokenGeneration(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  const userId = event.request.userAttributes.sub;
  const refusal = await signInRefusal(userId ? await usersRepository.get(userId) : undefined);
  if (refusal) {
    logger.info('tokens refused', { userId, refusal, triggerSource: event.triggerSource });
    throw new Error(refusalMessage(refusal));
  }
  return event;
}

export const handler = preTokenGeneration;
