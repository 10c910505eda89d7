import { dialogs } from '@shared/messages/dialogs';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@web/src/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { widgetMessages } from '../lib/widget-messages';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { dialogs };

export interface ConfirmationDialogProps {
  visible: boolean;
  /** e.g. 'Accept changes' (spec 4 "Clinic edit"). */
  title: string;
  /** Each on its own line, e.g. 'It can not be undone, so make sure you still would like to change it.' */
  lines?: readonly string[];
  onAccept: () => void;
  onCancel: () => void;
  acceptLabel?: string;
  cancelLabel?: string;
  /** While the accepted action runs: Accept spins and nothing can be pressed twice. */
  busy?: boolean;
}

/** The spec's confirmation dialog: default buttons Accept and Cancel (section 2 "Common widgets"). */
export function ConfirmationDialog(props: ConfirmationDialogProps) {
  const t = widgetMessages.confirmation;
  return (
    <Modal
      closeAriaLabel={messages.dialogs.close}
      visible={props.visible}
      onDismiss={props.onCancel}
      header={props.title}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={props.onCancel} disabled={props.busy}>
              {props.cancelLabel ?? t.cancel}
            </Button>
            <Button variant="primary" onClick={props.onAccept} loading={props.busy}>
              {props.acceptLabel ?? t.accept}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {props.lines?.map((line, index) => (
        <Box key={index}>{line}</Box>
      ))}
    </Modal>
  );
}
