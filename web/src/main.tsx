import '@cloudscape-design/global-styles/index.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startLanguage } from './lib/language';
import { loadRuntimeConfig } from './lib/runtime-config';

// The language is in place (its texts, <html lang dir>) before the first render.
Promise.all([loadRuntimeConfig(), startLanguage()]).then(
  () => createRoot(document.getElementById('root')!).render(<App />),
  (error: unknown) => {
    document.getElementById('root')!.textContent = `The portal could not start: ${String(error)}`;
  },
);
