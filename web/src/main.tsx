import '@cloudscape-design/global-styles/index.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstDrawReady, loadOpenedScreen } from './app/opened-screen';
import { startLanguage } from './lib/language';
import { loadRuntimeConfig } from './lib/runtime-config';
import { sessionStore } from './lib/session-store';

/** How long a signed-in visit's first render waits for its screen's code and first reads' answers. */
const FIRST_DRAW_WAIT_MS = 1000;

// A signed-in visit starts its screen's code and first reads before the first render
// (app/opened-screen.ts, app/first-reads.ts); /login needs neither, and does not download the reads.
// The language's texts are in place first: a module may read a text as it loads (a list's column
// headers, a form's options), and the screen's would otherwise race the Hebrew catalogue.
const language = startLanguage();
const screenLoaded = language.then(() => loadOpenedScreen(window.location));
const firstReads = sessionStore.get().signedIn ? import('./app/first-reads') : undefined;
const config = loadRuntimeConfig();
// Sent before the first render, or the screen could ask first and the read would go out twice.
// A failure here is the screen's to show: its own calls are then sent as they otherwise would be.
// The answers' promise is wrapped, so that this settles once the reads are sent, not answered.
const readsSent = Promise.all([config, firstReads]).then(
  ([, reads]) => ({ answered: reads?.startFirstReads(window.location) }),
  () => ({ answered: undefined }),
);

// The language is in place (its texts, <html lang dir>) before the first render.
Promise.all([config, language, readsSent])
  .then(([, , { answered }]) => answered && firstDrawReady([screenLoaded, answered], FIRST_DRAW_WAIT_MS))
  .then(
    () => createRoot(document.getElementById('root')!).render(<App />),
    (error: unknown) => {
      document.getElementById('root')!.textContent = `The portal could not start: ${String(error)}`;
    },
  );
