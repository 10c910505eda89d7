import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@web/src/components/modal';
import { dialogs } from '@shared/messages/dialogs';
import { widgets } from '@shared/messages/widgets';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { dialogs, widgets };

/** A saved message (spec 4 "Creation flows", 8: 'Patient Saved'): a title, lines, and OK. */
export function NoticeDialog({ title, lines, onOk }: { title: string | undefined; lines?: readonly string[]; onOk: () => void }) {
  return (
    <Modal
      closeAriaLabel={messages.dialogs.close}
      visible={!!title}
      onDismiss={onOk}
      header={title}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onOk} data-testid="notice-ok">
            {messages.widgets.fields.ok}
          </Button>
        </Box>
      }
    >
      <div data-testid="notice-lines">
        {lines?.map((line, index) => (
          <Box key={index}>{line}</Box>
        ))}
      </div>
    </Modal>
  );
}
