import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { deviceScreens } from '@shared/messages/device-screens';
import { originOf } from '@web/src/lib/navigation';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { deviceScreens };

/** The device sub-screens' heading: the back arrow (to where the screen was opened from, else the root), the title and the device. */
export function DeviceScreenHeader({ title, serialNumber, actions }: { title: string; serialNumber?: string; actions?: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <SpaceBetween size="xs">
      <Box>
        <Button
          variant="icon"
          iconName="arrow-left"
          ariaLabel={messages.deviceScreens.back}
          data-testid="back"
          onClick={() => navigate(originOf(location.state))}
        />
      </Box>
      <Header variant="h1" description={serialNumber ? messages.deviceScreens.ofDevice(serialNumber) : undefined} actions={actions}>
        {title}
      </Header>
    </SpaceBetween>
  );
}
