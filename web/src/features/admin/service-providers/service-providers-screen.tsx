import Button from '@cloudscape-design/components/button';
import Box from '@cloudscape-design/components/box';
import Alert from '@cloudscape-design/components/alert';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ProviderListItem } from '@shared/api/providers';
import { navigation } from '@shared/messages/navigation';
import { providers } from '@shared/messages/providers';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DataList, type ListExport } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { paths } from '@web/src/config/routes';
import { errorMessages } from '@web/src/lib/api-client';
import { useApiList } from '@web/src/lib/api-hooks';
import { useSession } from '@web/src/lib/auth';
import { originState } from '@web/src/lib/navigation';
import { downloadProviderSpreadsheet, providerSheetRows } from './providers-spreadsheet';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { navigation, providers };

const t = messages.providers.list;
const c = t.columns;

/** The spec's columns (section 2 "List screens"): name, activated clinics, activated devices, total exchanges. */
export const providerColumns: ListColumn<ProviderListItem>[] = [
  { id: 'ServiceProviderName', header: c.ServiceProviderName, value: (provider) => provider.ServiceProviderName },
  { id: 'Clinics', header: c.Clinics, value: (provider) => provider.Clinics, type: 'number' },
  {
    id: 'ActivePatientLinkedDeviceCount',
    header: c.ActivePatientLinkedDeviceCount,
    value: (provider) => provider.ActivePatientLinkedDeviceCount,
    type: 'number',
  },
  { id: 'SPExchangeCounter', header: c.SPExchangeCounter, value: (provider) => provider.SPExchangeCounter, type: 'number' },
];

/**
 * /sp (spec 2, 4 "Enabled flags", 7 "Client-side functions"; LiberDiAdmin): every provider, read
 * page by page before the list sorts and filters them, with the status filter 'Active or Inactive
 * Service Providers', deactivated providers greyed, an optional `spId` narrowing it to one
 * provider, the spreadsheet of the listed rows, Add (→ /sp/createsp) and a row opening the
 * provider's tabs.
 */
export function ServiceProvidersScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const spId = search.get('spId') ?? '';
  const adminId = useSession().signedIn?.profile.UserID ?? '';
  const pages = useApiList('getAllServiceProviders', { params: { adminId } }, { allPages: true });
  const [exportError, setExportError] = useState<unknown>();
  const items = useMemo(() => (spId ? pages.items.filter((provider) => provider.ServiceProviderID === spId) : pages.items), [pages.items, spId]);
  const spreadsheet: ListExport<ProviderListItem> = {
    id: 'spreadsheet',
    label: t.exportSpreadsheet,
    onExport: (rows) => downloadProviderSpreadsheet(providerSheetRows(providerColumns, rows)).catch(setExportError),
  };
  return (
    <>
      {spId && (
        <Box margin={{ bottom: 's' }}>
          <Alert
            type="info"
            action={
              <Button onClick={() => navigate(paths.serviceProviders())} data-testid="show-all-providers">
                {t.showAll}
              </Button>
            }
          >
            {t.filteredBy(spId)}
          </Alert>
        </Box>
      )}
      <DataList<ProviderListItem>
        title={messages.navigation.serviceProviders}
        items={items}
        columns={providerColumns}
        trackBy={(provider) => provider.ServiceProviderID}
        // Every page is read before the list shows: it sorts, filters and exports every provider.
        loading={pages.isPending || pages.hasNextPage}
        isDisabled={(provider) => !provider.ServiceProviderIsEnabled}
        statusFilter={{ label: t.statusFilter, isActive: (provider) => provider.ServiceProviderIsEnabled }}
        exports={[spreadsheet]}
        onRowClick={(provider) => navigate(paths.serviceProviderTabs({ spId: provider.ServiceProviderID }), { state: originState(location) })}
        actions={
          <Button iconName="add-plus" data-testid="add-provider" onClick={() => navigate(paths.createServiceProvider(), { state: originState(location) })}>
            {t.add}
          </Button>
        }
      />
      {pages.error ? <ErrorDialog messages={errorMessages(pages.error)} onClose={() => void pages.refetch()} /> : null}
      {exportError !== undefined ? <ErrorDialog messages={errorMessages(exportError)} onClose={() => setExportError(undefined)} /> : null}
    </>
  );
}
