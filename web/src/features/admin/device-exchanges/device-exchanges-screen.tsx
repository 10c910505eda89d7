import ContentLayout from '@cloudscape-design/components/content-layout';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ExchangeRow } from '@shared/api/exchanges';
import { deviceScreens } from '@shared/messages/device-screens';
import { patients } from '@shared/messages/patients';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { InnerScreen } from '@web/src/components/heading-level';
import { DataList } from '@web/src/components/list/data-list';
import { exchangeColumns, measured, type ExchangeColumn } from '@web/src/components/exchanges/exchange-columns';
import { errorMessages } from '@web/src/lib/api-client';
import { useApiList, useApiQuery } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { DeviceScreenHeader } from '../devices/device-screen-header';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { deviceScreens, patients };

const m = messages.deviceScreens;

const x = exchangeColumns;

/**
 * The device's exchanges as the API answers them (no patient's personal data): the time on the
 * device's clock, fluid, drain and fill, the measures, UF, turbidity, the alerts and the note.
 */
const columns: ExchangeColumn[] = [
  x.date,
  x.fluid,
  x.drainVolume,
  x.drainDuration,
  x.drainTemp,
  x.fillVolume,
  x.fillDuration,
  x.fillTemp,
  x.uf,
  x.weight,
  x.bloodPressure,
  x.pulse,
  x.turbidity,
  measured('utilization', m.exchangeColumns.utilization, (exchange) => exchange.PatientUtilizationSnapshot),
  x.status,
  { id: 'note', header: m.exchangeColumns.note, value: (exchange) => exchange.Note, minWidth: 160 },
];

/** /device/exchanges?deviceId= (spec section 2): the device's exchanges, newest first, 8 rows a page, sortable columns, a back link. */
export function DeviceExchangesScreen() {
  const [search] = useSearchParams();
  const adminId = useSession().signedIn?.profile.UserID ?? '';
  const params = { adminId, id: search.get('deviceId') ?? '' };
  const device = useApiQuery('getDeviceProfile', { params });
  const exchanges = useApiList('getDeviceExchanges', { params });
  const failure = exchanges.error ?? device.error;
  const [dismissed, setDismissed] = useState<Error | null>(null);
  return (
    <ContentLayout header={<DeviceScreenHeader title={m.exchangesTitle} serialNumber={device.data?.SerialNumber} />}>
      <InnerScreen>
        <DataList<ExchangeRow>
          title={messages.patients.exchanges.title}
          items={exchanges.items}
          columns={columns}
          trackBy={(exchange) => exchange._id}
          loading={exchanges.isPending}
          more={exchanges.more}
        />
      </InnerScreen>
      <ErrorDialog messages={failure && failure !== dismissed ? errorMessages(failure) : undefined} onClose={() => setDismissed(failure)} />
    </ContentLayout>
  );
}
