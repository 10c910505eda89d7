import { HOME, routes } from '../config/routes';

/**
 * The session screens' paths as plain strings. New code links with the builders of
 * `config/routes.ts` (`paths.login()`); this stays until the session feature moves onto them.
 * @deprecated use `paths` of `config/routes.ts`.
 */
export const paths = {
  home: HOME,
  login: routes.login.path,
  twoFactor: routes.twoFactor.path,
  createPassword: routes.createPassword.path,
  passwordRecovery: routes.passwordRecovery.path,
} as const;

/** Where the guard sends a signed-out visitor, and what it remembers to return to after sign-in. */
export interface ReturnTo {
  pathname: string;
  search?: string;
  hash?: string;
}

/** The navigation state the session screens pass along: the location to return to after sign-in. */
export interface SessionNavigationState {
  from?: ReturnTo;
}
