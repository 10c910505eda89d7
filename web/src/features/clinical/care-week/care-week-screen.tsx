import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { addWeeks, isIsoWeek, isoWeekOfDate, weekDates } from '@shared/alerts/care-week';
import type { CareTeamWeekRow, WeekClearing } from '@shared/api/care-week';
import { careWeek } from '@shared/messages/care-week';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DataList } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { paths } from '@web/src/config/routes';
import { errorMessages } from '@web/src/lib/api-client';
import { useApiList } from '@web/src/lib/api-hooks';
import { originState } from '@web/src/lib/navigation';
import { useStaffUser } from '@web/src/lib/staff';
import { earlierIcon, laterIcon } from '@web/src/lib/language';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { careWeek };

const m = messages.careWeek;
const c = m.columns;

/** The week of today's date on this computer: the clinic's week as the director lives it. */
function currentWeek(now = new Date()): string {
  return isoWeekOfDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

const clearingText = (clearing: WeekClearing) => m.cleared(clearing.Name, clearing.count, clearing.flags.join(', '), clearing.day);

const columns: ListColumn<CareTeamWeekRow>[] = [
  { id: 'patientName', header: c.patientName, value: (row) => row.patientName },
  {
    id: 'adherence',
    header: c.adherence,
    value: (row) => row.adherencePercent ?? null,
    cell: (row) => (row.adherencePercent === undefined ? <Box color="text-body-secondary">{m.nothingDue}</Box> : row.adherencePercent),
    type: 'number',
  },
  { id: 'exchanges', header: c.exchanges, value: (row) => row.exchanges, type: 'number' },
  { id: 'prescribed', header: c.prescribed, value: (row) => row.prescribed, type: 'number' },
  { id: 'alertsRaised', header: c.alertsRaised, value: (row) => row.alertsRaised, type: 'number' },
  { id: 'alertsCleared', header: c.alertsCleared, value: (row) => row.alertsCleared, type: 'number' },
  { id: 'visitsClosed', header: c.visitsClosed, value: (row) => row.visitsClosed, type: 'number' },
  {
    id: 'clearedBy',
    header: c.clearedBy,
    value: (row) => row.clearings.map(clearingText).join('; '),
    cell: (row) =>
      row.clearings.length === 0 ? null : (
        <SpaceBetween size="xxs">
          {row.clearings.map((clearing) => (
            <span key={`${clearing.UserID}-${clearing.day}`} data-clearing={row.UserID}>
              {clearingText(clearing)}
            </span>
          ))}
        </SpaceBetween>
      ),
    minWidth: 320,
  },
];

/**
 * /patients/week (beyond the spec; ClinicDirector): each patient's week, Monday to Sunday in the
 * patient's time zone: adherence, exchanges done and prescribed so far, alerts raised and cleared,
 * visits closed, and who cleared what; the previous and next weeks; CSV of the rows. The counts are
 * kept by the server as things happen (docs/care-week.md).
 */
export function CareWeekScreen() {
  const staff = useStaffUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const thisWeek = currentWeek();
  const asked = search.get('week') ?? '';
  const week = isIsoWeek(asked) ? asked : thisWeek;
  const { monday, sunday } = useMemo(() => weekDates(week), [week]);
  // Read again whenever the screen opens: its counts change with every exchange, clearing and visit elsewhere.
  const pages = useApiList('getCareTeamWeekAsDirector', { params: { id: staff.userId }, query: { week } }, { allPages: true, staleTime: 0 });
  const show = (next: string) => setSearch(next === thisWeek ? {} : { week: next });
  return (
    <>
      <DataList<CareTeamWeekRow>
        title={m.title}
        description={<span data-care-week={week}>{m.weekOf(week, monday, sunday)}</span>}
        items={pages.items}
        columns={columns}
        trackBy={(row) => row.UserID}
        loading={pages.isPending || pages.hasNextPage}
        csvFileName={m.csvFileName(week)}
        onRowClick={(row) => navigate(paths.patientExchanges({ patientId: row.UserID }), { state: originState(location) })}
        // An array, not a fragment: the header's SpaceBetween spaces each child (DataList's actions).
        actions={[
          <Button key="previous" iconName={earlierIcon()} onClick={() => show(addWeeks(week, -1))}>
            {m.previousWeek}
          </Button>,
          <Button key="current" disabled={week === thisWeek} onClick={() => show(thisWeek)}>
            {m.currentWeek}
          </Button>,
          <Button key="next" iconName={laterIcon()} iconAlign="right" disabled={week >= thisWeek} onClick={() => show(addWeeks(week, 1))}>
            {m.nextWeek}
          </Button>,
        ]}
      />
      {pages.error ? <ErrorDialog messages={errorMessages(pages.error)} onClose={() => void pages.refetch()} /> : null}
    </>
  );
}
