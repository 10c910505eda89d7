import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState, type ReactNode } from 'react';
import { errorMessages } from '../lib/api-client';
import { widgetMessages } from '../lib/widget-messages';
import { ErrorDialog } from './error-dialog';

interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
}

/**
 * What a screen shows of its data: a spinner while it loads, the spec's error dialog when the
 * call failed (spec 8: load failures show the dialog titled Error), else the content.
 */
export function QueryState<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  const [dismissed, setDismissed] = useState<Error | null>(null);
  const dialog = query.error ? (
    <ErrorDialog messages={dismissed === query.error ? undefined : errorMessages(query.error)} onClose={() => setDismissed(query.error)} />
  ) : null;
  // A failed refresh keeps what was read before on screen, under the dialog.
  if (query.data !== undefined) {
    return (
      <>
        {children(query.data)}
        {dialog}
      </>
    );
  }
  if (dialog) return dialog;
  return (
    <Box textAlign="center" padding="l" data-testid="loading">
      <StatusIndicator type="loading">{widgetMessages.loading}</StatusIndicator>
    </Box>
  );
}
