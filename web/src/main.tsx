import '@cloudscape-design/global-styles/index.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRuntimeConfig } from './lib/runtime-config';

loadRuntimeConfig().then(
  () => createRoot(document.getElementById('root')!).render(<App />),
  (error: unknown) => {
    document.getElementById('root')!.textContent = `The portal could not start: ${String(error)}`;
  },
);
