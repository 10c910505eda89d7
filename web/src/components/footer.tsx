import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { shell } from '@shared/messages/shell';
import { runtimeConfig } from '../lib/runtime-config';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { shell };

/** Where the terms link points; the terms text itself is the product owner's to publish. */
export const TERMS_URL = 'https://liberdi.com/terms';

const m = messages.shell;

export function Footer() {
  const { frontendVersion, backendVersion } = runtimeConfig();
  return (
    <Box padding="s" color="text-body-secondary" fontSize="body-s" data-testid="footer">
      <SpaceBetween direction="horizontal" size="l">
        <span>{m.copyright}</span>
        <span>{m.frontendVersion(frontendVersion)}</span>
        <span>{m.backendVersion(backendVersion)}</span>
        <Link href={TERMS_URL} external fontSize="body-s">
          {m.terms}
        </Link>
      </SpaceBetween>
    </Box>
  );
}
