import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { sessionScreens } from '@shared/messages/session-screens';
import { Footer } from '@web/src/components/footer';
import { translateText } from '@web/src/lib/language';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { sessionScreens };

/** The frame of the session screens: the product name, the screen's card, and the footer. */
export function SessionLayout({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <main style={{ flex: 1, width: '100%', maxWidth: 440, margin: '0 auto', padding: '48px 16px' }}>
        <SpaceBetween size="l">
          <Box variant="h1" textAlign="center">
            {messages.sessionScreens.productName}
          </Box>
          {children}
        </SpaceBetween>
      </main>
      <Footer />
    </div>
  );
}

/** Where a session screen shows the server's answer (or a bot-check failure). */
export function StatusArea({ messages: lines }: { messages: string[] }) {
  return (
    <div role="status" aria-live="polite" data-testid="status-area">
      {lines.length > 0 && (
        <Alert type="error">
          {lines.map((line, index) => (
            <div key={index}>{translateText(line)}</div>
          ))}
        </Alert>
      )}
    </div>
  );
}

/**
 * The first message per field of a zod result (spec 5: only the first message is shown under each
 * field), in the page's language (the schemas are the server's, in English).
 */
export function firstMessages(issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? '_')] ??= translateText(issue.message);
  return errors;
}
