import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import { messages } from '@shared/messages';

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
