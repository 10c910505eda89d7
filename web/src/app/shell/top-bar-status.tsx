import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SessionProfile } from '@shared/api/session';
import { shell } from '@shared/messages/shell';
import { formatShortDate } from '@web/src/lib/format';
import { isAdminRole } from '@web/src/lib/navigation';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { shell };

const m = messages.shell;

/**
 * The strip under the top bar (always shown, unlike TopNavigation's own slots on narrow screens):
 * for administrators the counts of activated devices, activated clinics and total exchanges, and
 * for everyone 'Last login at dd/mm/yy' (the sign-in before this one; on a first sign-in, this one).
 */
export function TopBarStatus({ profile, signedInAt }: { profile: SessionProfile; signedInAt: number }) {
  const statistic = profile.Statistic;
  const counts = [
    { label: m.activatedDevices, value: statistic?.activatedDevices ?? 0, testId: 'activated-devices' },
    { label: m.activatedClinics, value: statistic?.activatedClinics ?? 0, testId: 'activated-clinics' },
    { label: m.totalExchanges, value: statistic?.totalNoExchanges ?? 0, testId: 'total-exchanges' },
  ];
  return (
    <div style={{ background: '#ffffff', borderBottom: '1px solid #e9ebed', padding: '4px 20px' }}>
      <Box color="text-body-secondary" fontSize="body-s">
        <SpaceBetween direction="horizontal" size="l" alignItems="center">
          {isAdminRole(profile.Role) &&
            counts.map((count) => (
              <span key={count.testId} data-testid={count.testId}>
                {count.label}: <strong>{count.value}</strong>
              </span>
            ))}
          <span data-testid="last-login">{m.lastLoginAt(formatShortDate(profile.LastLoginAt ?? signedInAt))}</span>
        </SpaceBetween>
      </Box>
    </div>
  );
}
