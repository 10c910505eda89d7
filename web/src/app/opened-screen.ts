import { signedInScreenAt } from '../lib/navigation';
import { sessionStore } from '../lib/session-store';
import { loadAppShell } from './router';
import { screens, type Screen } from './screens';

export type Opened = Pick<Location, 'pathname' | 'search'>;

/**
 * Loads the code of the screen at `pathname`, and the portal's frame around it, when signed in and
 * the screen is open to the role: main.tsx calls it before React first renders. When React asks
 * for them in turn, each waits for the one before (the frame, then the screen, then its data:
 * app/first-reads.ts), which on a slow line and a slow CPU adds up (docs/web.md, "The opened
 * screen, started early").
 */
export function loadOpenedScreen({ pathname }: Opened): void {
  const role = sessionStore.get().signedIn?.profile.Role;
  const id = role && signedInScreenAt(role, pathname);
  if (!id) return;
  // A chunk that fails to load here is loaded again when React asks, and fails there in view.
  void loadAppShell().catch(() => undefined);
  const screen: Screen = screens[id];
  void screen.preload?.().catch(() => undefined);
}
