import Box from '@cloudscape-design/components/box';
import { messages } from '@shared/messages';

export function NotFoundPage({ text = messages.errors.pageNotFound }: { text?: string }) {
  return (
    <Box textAlign="center" padding={{ top: 'xxxl' }} variant="h2" data-testid="not-found">
      {text}
    </Box>
  );
}
