import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DeviceErrorEntry } from '@shared/api/devices';
import { deviceScreens } from '@shared/messages/device-screens';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { InnerScreen } from '@web/src/components/heading-level';
import { DataList, type DefaultOrder } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { errorMessages } from '@web/src/lib/api-client';
import { useApiList, useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { formatDateTime } from '@web/src/lib/format';
import { DeviceScreenHeader } from '../devices/device-screen-header';
import { RefusedMessages } from './refused-messages';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { deviceScreens };

const m = messages.deviceScreens;

const columns: ListColumn<DeviceErrorEntry>[] = [
  { id: 'Error', header: m.errorColumns.Error, value: (error) => error.MachineProblem },
  { id: 'Date', header: m.errorColumns.Date, value: (error) => error.Time, cell: (error) => formatDateTime(error.Time), type: 'date' },
];

/** Spec section 2: sorted by time descending until a column is sorted. */
const newestFirst: DefaultOrder<DeviceErrorEntry> = {
  label: m.newestFirst,
  description: m.newestFirstDescription,
  compare: (a, b) => Date.parse(b.Time) - Date.parse(a.Time),
};

/**
 * /device/errors?deviceId= (spec section 2): the device's errors, columns Error and Date, newest
 * first, 8 rows a page, a back link; under them, the messages of the device the portal refused.
 */
export function DeviceErrorsScreen() {
  const [search] = useSearchParams();
  const adminId = useSession().signedIn?.profile.UserID ?? '';
  const params = { adminId, id: search.get('deviceId') ?? '' };
  const device = useApiQuery('getDeviceProfile', { params });
  const errors = useApiList('getDeviceErrors', { params }, { allPages: true });
  const refused = useApiList('getDeviceDeadLetters', { params });
  const failure = errors.error ?? refused.error ?? device.error;
  const [dismissed, setDismissed] = useState<Error | null>(null);
  return (
    <ContentLayout header={<DeviceScreenHeader title={m.errorsTitle} serialNumber={device.data?.SerialNumber} />}>
      <SpaceBetween size="l">
        <InnerScreen>
          <DataList<DeviceErrorEntry>
            title={m.columns.Errors}
            items={errors.items}
            columns={columns}
            trackBy={(error) => `${error.Time}|${error.MachineProblem}`}
            loading={errors.isPending || errors.hasNextPage}
            defaultOrder={newestFirst}
          />
          <RefusedMessages letters={refused.items} loading={refused.isPending} more={refused.more} />
        </InnerScreen>
      </SpaceBetween>
      <ErrorDialog messages={failure && failure !== dismissed ? errorMessages(failure) : undefined} onClose={() => setDismissed(failure)} />
    </ContentLayout>
  );
}
