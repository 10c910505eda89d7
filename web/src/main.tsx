import '@cloudscape-design/global-styles/index.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadOpenedScreen, startFirstReads } from './app/opened-screen';
import { startLanguage } from './lib/language';
import { loadRuntimeConfig } from './lib/runtime-config';

// The opened screen's code and first reads are on their way (app/opened-screen.ts) while the
// language is put in place (its texts, <html lang dir>) before the first render.
loadOpenedScreen(window.location);
const config = loadRuntimeConfig();
void config.then(
  () => startFirstReads(window.location),
  () => undefined,
);
Promise.all([config, startLanguage()]).then(
  () => createRoot(document.getElementById('root')!).render(<App />),
  (error: unknown) => {
    document.getElementById('root')!.textContent = `The portal could not start: ${String(error)}`;
  },
);
