import type { PendingPasswordChange, PendingTwoFactor, SessionProfile, SessionTokens, SignedIn } from '@shared/api/session';

/** The signed-in slot: the tokens, when the access token expires, and the profile the top bar shows. */
export interface SignedInSession {
  token: string;
  refreshToken: string;
  /** The ID token of the same sign-in, for the live screens' credentials on AWS. */
  idToken?: string;
  /** Epoch ms at which `token` expires; refreshed silently a minute before. */
  expiresAt: number;
  /** Epoch ms of this sign-in: the 'Last login at' of a first sign-in, which has no earlier one. */
  signedInAt: number;
  profile: SessionProfile;
  /** The server's word that this role must set up two-factor sign-in before anything else. */
  totpSetupRequired?: boolean;
}

/** The spec's three session slots (section 3 "Session user"). */
export interface SessionSlots {
  signedIn?: SignedInSession;
  pendingTwoFactor?: PendingTwoFactor;
  pendingPasswordChange?: PendingPasswordChange;
}

type Slot = keyof SessionSlots;

/**
 * Kept in sessionStorage: the session survives a reload and stays within its tab, and it ends
 * when the browser (or the tab) closes, so tokens never outlive the browser session.
 */
const STORAGE_KEYS: Record<Slot, string> = {
  signedIn: 'pd-portal.session.signed-in',
  pendingTwoFactor: 'pd-portal.session.pending-2fa',
  pendingPasswordChange: 'pd-portal.session.pending-password-change',
};

const SLOTS = Object.keys(STORAGE_KEYS) as Slot[];

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function readSlots(): SessionSlots {
  const slots: SessionSlots = {};
  for (const slot of SLOTS) {
    const raw = storage()?.getItem(STORAGE_KEYS[slot]);
    if (!raw) continue;
    try {
      (slots as Record<Slot, unknown>)[slot] = JSON.parse(raw);
    } catch {
      storage()?.removeItem(STORAGE_KEYS[slot]);
    }
  }
  return slots;
}

/** Whether two values of JSON's kinds are the same, whatever the order of their keys; an undefined key is no key. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysOf = (value: object) => Object.entries(value).filter(([, v]) => v !== undefined);
  const entriesA = keysOf(a);
  const valuesB = new Map(keysOf(b));
  return entriesA.length === valuesB.size && entriesA.every(([key, value]) => valuesB.has(key) && sameJson(value, valuesB.get(key)));
}

let snapshot: SessionSlots = readSlots();
const listeners = new Set<() => void>();

function write(changes: Partial<Record<Slot, SessionSlots[Slot] | undefined>>): void {
  const next = { ...snapshot };
  for (const slot of Object.keys(changes) as Slot[]) {
    const value = changes[slot];
    if (value === undefined) {
      delete next[slot];
      storage()?.removeItem(STORAGE_KEYS[slot]);
    } else {
      (next as Record<Slot, unknown>)[slot] = value;
      storage()?.setItem(STORAGE_KEYS[slot], JSON.stringify(value));
    }
  }
  snapshot = next;
  for (const listener of listeners) listener();
}

/** The session slots, one store for the API client and the React tree (`useSession`). */
export const sessionStore = {
  get: (): SessionSlots => snapshot,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** A completed sign-in: the signed-in slot is filled and both pending steps are over. */
  signIn(result: SignedIn, now = Date.now()): void {
    write({
      signedIn: {
        token: result.token,
        refreshToken: result.refreshToken,
        idToken: result.idToken,
        expiresAt: now + result.expiresIn * 1000,
        signedInAt: now,
        profile: result.profile,
        totpSetupRequired: result.totpSetupRequired,
      },
      pendingTwoFactor: undefined,
      pendingPasswordChange: undefined,
    });
  },

  setPendingTwoFactor: (pending: PendingTwoFactor) => write({ pendingTwoFactor: pending }),
  clearPendingTwoFactor: () => write({ pendingTwoFactor: undefined }),
  setPendingPasswordChange: (pending: PendingPasswordChange) => write({ pendingPasswordChange: pending }),
  clearPendingPasswordChange: () => write({ pendingPasswordChange: undefined }),

  /** New tokens from a silent refresh; the refresh token stays unless Cognito gave a new one. */
  updateTokens(tokens: SessionTokens, now = Date.now()): void {
    const current = snapshot.signedIn;
    if (!current) return;
    write({
      signedIn: {
        ...current,
        token: tokens.token,
        refreshToken: tokens.refreshToken || current.refreshToken,
        idToken: tokens.idToken ?? current.idToken,
        expiresAt: now + tokens.expiresIn * 1000,
      },
    });
  },

  /** A fresh profile from the server; 'Last login at' keeps the sign-in's own (the one before this sign-in). */
  updateProfile(profile: SessionProfile): void {
    const current = snapshot.signedIn;
    if (!current || current.profile.UserID !== profile.UserID) return;
    const next = { ...profile, LastLoginAt: current.profile.LastLoginAt };
    // Every screen reads the session: a new object, even of the same profile, draws the whole portal again.
    if (sameJson(next, current.profile)) return;
    write({ signedIn: { ...current, profile: next } });
  },

  /** Clears all three slots (sign-out, idle sign-out, a session the server no longer accepts). */
  clear: () => write({ signedIn: undefined, pendingTwoFactor: undefined, pendingPasswordChange: undefined }),

  /** For tests: reads the slots again from storage. */
  reload(): void {
    snapshot = readSlots();
    for (const listener of listeners) listener();
  },
};
