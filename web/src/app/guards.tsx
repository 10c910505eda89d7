import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '@shared/roles';
import { NotFoundPage } from '../features/misc/not-found/not-found-page';
import { RequireTwoFactorSetup } from '../features/session/require-two-factor-setup';
import { useSession } from '../lib/auth';
import { homeFor } from '../lib/navigation';
import { paths } from '../config/routes';
import type { SessionNavigationState } from '../lib/paths';

/**
 * Sends a visitor without a signed-in user to /login, remembering the requested location; an
 * administrator who must use two-factor sign-in sets it up first.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const { pathname, search, hash } = useLocation();
  if (!signedIn) {
    const state: SessionNavigationState = { from: { pathname, search, hash } };
    return <Navigate to={paths.login()} replace state={state} />;
  }
  return <RequireTwoFactorSetup>{children}</RequireTwoFactorSetup>;
}

/**
 * A route of other roles does not exist for this one: it gets the not-found page, as any unknown
 * path does, so a role learns nothing about the screens of others.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const role = useSession().signedIn?.profile.Role;
  if (!role || !roles.includes(role)) return <NotFoundPage />;
  return <>{children}</>;
}

/** `/` goes to the first navigation link the role may see. */
export function HomeRedirect() {
  const role = useSession().signedIn?.profile.Role;
  return <Navigate to={role ? homeFor(role) : paths.login()} replace />;
}
