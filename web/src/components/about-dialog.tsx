import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@web/src/components/modal';
import { dialogs } from '@shared/messages/dialogs';
import { sessionScreens } from '@shared/messages/session-screens';
import { shell } from '@shared/messages/shell';
import { runtimeConfig } from '../lib/runtime-config';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { dialogs, sessionScreens, shell };

export function AboutDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { frontendVersion, backendVersion } = runtimeConfig();
  return (
    <Modal
      closeAriaLabel={messages.dialogs.close}
      visible={visible}
      onDismiss={onClose}
      header={messages.shell.aboutTitle}
      footer={
        <Box float="right">
          <Button onClick={onClose}>{messages.dialogs.close}</Button>
        </Box>
      }
    >
      <div data-testid="about-dialog">
        <Box variant="h3">{messages.sessionScreens.productName}</Box>
        <Box>{messages.shell.frontendVersion(frontendVersion)}</Box>
        <Box>{messages.shell.backendVersion(backendVersion)}</Box>
        <Box color="text-body-secondary">{messages.shell.copyright}</Box>
      </div>
    </Modal>
  );
}
