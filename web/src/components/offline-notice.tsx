import Alert from '@cloudscape-design/components/alert';
import { useSyncExternalStore } from 'react';
import { widgetMessages } from '../lib/widget-messages';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a connection, following its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The offline shell's notice at the top of every page while the browser has no connection: the
 * cached shell still opens, but the API cannot answer and nothing of it is kept.
 */
export function OfflineNotice() {
  if (useOnline()) return null;
  return (
    <div role="status">
      <Alert type="warning">{widgetMessages.offline}</Alert>
    </div>
  );
}
