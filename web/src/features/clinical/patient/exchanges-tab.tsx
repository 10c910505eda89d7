import SpaceBetween from '@cloudscape-design/components/space-between';
import { QueryState } from '@web/src/components/query-state';
import { useApiList } from '@web/src/lib/api-hooks';
import { AdherenceCalendar } from './adherence-calendar';
import { ExchangesTable } from './exchanges-table';
import { HighlightsPanel } from './highlights-panel';
import { useStaffUser } from '@web/src/lib/staff';
import { exchangesPageRead } from '../clinical-reads';

/** The Exchanges tab: the table, the highlights panel (spec section 2) and the adherence calendar (ours). */
export function PatientExchangesTab({ patientId }: { patientId: string }) {
  const read = exchangesPageRead(useStaffUser(), patientId);
  const list = useApiList(read.id, read.options, { itemsOf: (page) => page.exchanges });
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
