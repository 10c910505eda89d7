import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@web/src/components/modal';
import { dialogs } from '@shared/messages/dialogs';
import { translateText } from '../lib/language';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { dialogs };

/**
 * The spec's error dialog: title Error, a Close button, each message on its own line. A few
 * failures have a title of their own ('Patient was not created', spec 5). The messages come from
 * the server or a schema in English; they show in the page's language.
 */
export function ErrorDialog({ messages: lines, onClose, title }: { messages: string[] | undefined; onClose: () => void; title?: string }) {
  return (
    <Modal
      closeAriaLabel={messages.dialogs.close}
      visible={!!lines?.length}
      onDismiss={onClose}
      header={title ?? messages.dialogs.errorTitle}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onClose}>
            {messages.dialogs.close}
          </Button>
        </Box>
      }
    >
      <div data-testid="error-dialog-messages">
        {lines?.map((line, index) => (
          <Box key={index}>{translateText(line)}</Box>
        ))}
      </div>
    </Modal>
  );
}
