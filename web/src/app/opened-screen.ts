import { signedInScreenAt } from '../lib/navigation';
import { sessionStore } from '../lib/session-store';
import { AppShell } from './router';
import { screens, type Screen } from './screens';

export type Opened = Pick<Location, 'pathname' | 'search'>;

/**
 * Loads the code of the screen at `pathname`, and the portal's frame around it, when signed in and
 * the screen is open to the role: main.tsx calls it before React first renders. When React asks
 * for them in turn, each waits for the one before (the frame, then the screen, then its data:
 * app/first-reads.ts), which on a slow line and a slow CPU adds up (docs/web.md, "The opened
 * screen, started early"). The promise settles once both are loaded, or one failed.
 */
export function loadOpenedScreen({ pathname }: Opened): Promise<unknown> {
  const role = sessionStore.get().signedIn?.profile.Role;
  const id = role && signedInScreenAt(role, pathname);
  if (!id) return Promise.resolve();
  const screen: Screen = screens[id];
  // A chunk that fails to load here is loaded again when React asks, and fails there in view.
  return Promise.all([AppShell.preload(), screen.preload?.()]).catch(() => undefined);
}

/**
 * Settles once every part is in (the opened screen's code, its first reads' answers), or after
 * `waitMs`, whichever comes first; a part that fails counts as in. main.tsx renders then: drawn
 * with its code and answers in, the screen is drawn once, in one task (docs/web.md, "The opened
 * screen drawn in one go"); a slower part is shown as it comes, the screen's spinner meanwhile.
 */
export function firstDrawReady(parts: readonly Promise<unknown>[], waitMs: number): Promise<void> {
  const settled = Promise.allSettled(parts).then(() => undefined);
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}
