import { useLocation, useNavigate } from 'react-router-dom';
import type { SessionNavigationState } from '@web/src/lib/paths';
import { sessionStore } from '@web/src/lib/session-store';
import { destinationAfterSignIn, stepPath, type SignInStep } from './sign-in-outcome';

/** The location the guard remembered, carried through the sign-in steps in the navigation state. */
export function useReturnTo() {
  return (useLocation().state as SessionNavigationState | null)?.from;
}

/** Goes on to the next sign-in step, or, once signed in, to the remembered location (or home). */
export function useContinueSignIn() {
  const navigate = useNavigate();
  const from = useReturnTo();
  return (step: SignInStep) => {
    if (step === 'signedIn') {
      navigate(destinationAfterSignIn(from, sessionStore.get().signedIn?.profile.Role), { replace: true });
    } else {
      navigate(stepPath[step], { state: { from } satisfies SessionNavigationState });
    }
  };
}
