import createHttpError from 'http-errors';
import { routes } from '../../../shared/api/routes';
import { usersRepository } from '../../data/users-repository';
import { endpoint } from '../../lib/endpoint';
import { sessionProfile } from '../../services/sessions';

/** The signed-in user's profile, with fresh counts for the administrators' top bar. */
export const handler = endpoint(routes.getSession, async ({ caller }) => {
  const user = await usersRepository.get(caller.userId);
  if (!user) throw createHttpError(404);
  return { profile: await sessionProfile(user) };
});
