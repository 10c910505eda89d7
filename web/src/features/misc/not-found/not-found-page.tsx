import Box from '@cloudscape-design/components/box';
import { errors } from '@shared/messages/errors';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { errors };

export function NotFoundPage({ text = messages.errors.pageNotFound }: { text?: string }) {
  return (
    <Box textAlign="center" padding={{ top: 'xxxl' }} variant="h2" data-testid="not-found">
      {text}
    </Box>
  );
}
