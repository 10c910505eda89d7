import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { runtimeConfig } from '../lib/runtime-config';

export function Footer() {
  const { frontendVersion, backendVersion } = runtimeConfig();
  return (
    <Box padding="s" color="text-body-secondary" fontSize="body-s" data-testid="footer">
      <SpaceBetween direction="horizontal" size="l">
        <span>© LiberDi</span>
        <span>Frontend version {frontendVersion}</span>
        <span>Backend version {backendVersion}</span>
      </SpaceBetween>
    </Box>
  );
}
