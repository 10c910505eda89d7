import createHttpError from 'http-errors';
import { routes } from '../../../shared/api/routes';
import { usersRepository } from '../../data/users-repository';
import { bearerToken, endpoint } from '../../lib/endpoint';
import { setupTotp } from '../../services/sessions';

export const handler = endpoint(routes.setupTotp, async ({ caller, event }) => {
  const user = await usersRepository.get(caller.userId);
  if (!user) throw createHttpError(404);
  return setupTotp(bearerToken(event) ?? '', user.Email);
});
