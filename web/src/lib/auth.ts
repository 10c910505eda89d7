import { useEffect, useSyncExternalStore } from 'react';
import { call, refreshSession } from './api-client';
import { sessionStore, type SessionSlots } from './session-store';

/** The session slots, re-rendering on every change (sign-in, refresh, sign-out). */
export function useSession(): SessionSlots {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/**
 * Signs out at the server (the access token and the refresh token are revoked) and, once it
 * confirms, clears all three session slots. A failure is thrown and the session kept, unless
 * `force` (the idle sign-out), which clears it regardless.
 */
export async function signOut({ force = false }: { force?: boolean } = {}): Promise<void> {
  const signedIn = sessionStore.get().signedIn;
  try {
    if (signedIn) await call('signOut', { body: { refreshToken: signedIn.refreshToken } });
  } catch (error) {
    if (!force) throw error;
  }
  sessionStore.clear();
}

/** Reads the signed-in user's profile again (fresh top-bar counts and TOTP state). */
export async function reloadProfile(): Promise<void> {
  const userId = sessionStore.get().signedIn?.profile.UserID;
  if (!userId) return;
  const { profile } = await call('getSession', { params: { userId } });
  sessionStore.updateProfile(profile);
}

/** Refreshes the access token silently a minute before it expires, while signed in. */
export function useProactiveRefresh(): void {
  const expiresAt = useSession().signedIn?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return undefined;
    const delay = Math.min(Math.max(0, expiresAt - Date.now() - REFRESH_AHEAD_MS), MAX_TIMER_MS);
    const timer = setTimeout(() => void refreshSession(), delay);
    return () => clearTimeout(timer);
  }, [expiresAt]);
}

const REFRESH_AHEAD_MS = 60_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
