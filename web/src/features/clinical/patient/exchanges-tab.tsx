import SpaceBetween from '@cloudscape-design/components/space-between';
import { QueryState } from '@web/src/components/query-state';
import { useApiList } from '@web/src/lib/api-hooks';
import { AdherenceCalendar } from './adherence-calendar';
import { ExchangesTable } from './exchanges-table';
import { HighlightsPanel } from './highlights-panel';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';

/** Rows per server page: many table pages of 8, few calls. */
const SERVER_PAGE = '100';

/** The Exchanges tab: the table, the highlights panel (spec section 2) and the adherence calendar (ours). */
export function PatientExchangesTab({ patientId }: { patientId: string }) {
  const { role, userId } = useStaffUser();
  const list = useApiList(
    staffRoute('getExchanges', role),
    { params: { id: userId, patientId }, query: { limit: SERVER_PAGE } },
    { itemsOf: (page) => page.exchanges },
  );
  return (
    <SpaceBetween size="l">
      <QueryState query={{ data: list.data, error: list.error }}>
        {(data) => <ExchangesTable patientId={patientId} exchanges={list.items} count={data.pages[0]?.count ?? list.items.length} more={list.more} />}
      </QueryState>
      <HighlightsPanel patientId={patientId} />
      <AdherenceCalendar patientId={patientId} />
    </SpaceBetween>
  );
}
