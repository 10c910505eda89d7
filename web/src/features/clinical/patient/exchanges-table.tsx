import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ExchangeRow } from '@shared/api/patients';
import { patients } from '@shared/messages/patients';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { exchangeColumns, measured, type ExchangeColumn } from '@web/src/components/exchanges/exchange-columns';
import { PAGE_SIZE } from '@web/src/components/list/data-list';
import { compareCells, downloadCsv } from '@web/src/components/list/list-logic';
import { call, errorMessages } from '@web/src/lib/api-client';
import { useApiMutation } from '@web/src/lib/api-hooks';
import { widgetMessages } from '@web/src/lib/widget-messages';
import { patchCachedExchange } from './exchange-cache';
import { CommentEditor, ExchangeDate, ExchangeStatus, FluidChip } from './exchange-cells';
import { hasOpenAlerts, turbidityFileName } from './exchange-format';
import { formatLocalDate, numberText } from '@web/src/lib/format';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';
import { turbidityCsv } from './turbidity-csv';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

const e = messages.patients.exchanges;
const c = e.columns;

/** A table row: the exchange, or the comment editor shown when it is expanded. */
type Row = { kind: 'exchange'; exchange: ExchangeRow } | { kind: 'comment'; exchange: ExchangeRow };
const rowId = (row: Row) => (row.kind === 'exchange' ? row.exchange._id : `${row.exchange._id}#comment`);

const x = exchangeColumns;

/** The shared exchange columns in this table's order, with the hand-entry mark, the fluid's chip and the status indicator. */
const dataColumns: ExchangeColumn[] = [
  { ...x.date, cell: (exchange) => <ExchangeDate exchange={exchange} /> },
  { ...x.fluid, cell: (exchange) => <FluidChip fluid={exchange.ExchangeFluid} /> },
  x.drainDuration,
  x.drainVolume,
  x.drainTemp,
  x.fillVolume,
  x.fillDuration,
  x.fillTemp,
  x.weight,
  measured('targetWeight', c.targetWeight, (exchange) => exchange.TargetWeightSnapshot),
  x.bloodPressure,
  x.pulse,
  x.uf,
  x.turbidity,
  { ...x.status, cell: (exchange) => <ExchangeStatus exchange={exchange} /> },
];

const display = (column: ExchangeColumn, exchange: ExchangeRow): ReactNode => {
  if (column.cell) return column.cell(exchange);
  const value = column.value(exchange);
  return typeof value === 'number' ? numberText(value) : String(value ?? '');
};

type StatusChoice = 'all' | '3' | '2' | '1';
const statusOptions: SelectProps.Option[] = [
  { value: 'all', label: e.statusOptions.all },
  { value: '3', label: e.statusOptions.high },
  { value: '2', label: e.statusOptions.medium },
  { value: '1', label: e.statusOptions.normal },
];

export interface ExchangesTableProps {
  patientId: string;
  exchanges: readonly ExchangeRow[];
  count: number;
  more: { hasMore: boolean; loading: boolean; onLoadMore: () => void };
  loading?: boolean;
}

/**
 * The exchanges table (spec sections 2, 3, 4, 9): newest first as the server sends them, units in
 * the headers, a status filter (3 High, 2 Medium, 1 Normal), search and the sort cycle of the
 * lists, 8 rows a page (pagination hidden on one page, the next server page read as the user
 * reaches the last loaded one), a row that expands to its comment editor, 'Clear alerts' and the
 * turbidity CSV per row.
 */
export function ExchangesTable({ patientId, exchanges, count, more, loading }: ExchangesTableProps) {
  const { role, userId } = useStaffUser();
  const client = useQueryClient();
  const [status, setStatus] = useState<StatusChoice>('all');
  const [clearing, setClearing] = useState<ExchangeRow>();
  const [csvError, setCsvError] = useState<string[]>();
  const params = { id: userId, patientId };

  const clear = useApiMutation(staffRoute('clearAlerts', role), {
    invalidates: [staffRoute('getPatientProfile', role)],
  });
  const clearAlerts = (exchange: ExchangeRow) =>
    clear.mutate(
      { params, body: { _id: exchange._id } },
      {
        onSuccess: () => {
          patchCachedExchange(client, staffRoute('getExchanges', role), exchange._id, { AlertsClearedAt: new Date().toISOString() });
          setClearing(undefined);
        },
        onError: () => setClearing(undefined),
      },
    );

  const downloadTurbidity = async (exchange: ExchangeRow) => {
    try {
      const turbidity = await call(staffRoute('getExchangeTurbidity', role), { params: { ...params, exchangeId: exchange._id } });
      downloadCsv(
        turbidityFileName(turbidity.SerialNumber || exchange.SerialNumber, turbidity.DeviceLocalDate || exchange.DeviceLocalDate),
        turbidityCsv(turbidity),
      );
    } catch (error) {
      setCsvError(errorMessages(error));
    }
  };

  const rows = useMemo<Row[]>(
    () =>
      exchanges
        .filter((exchange) => status === 'all' || String(exchange.StatusAlerts.statusValue) === status)
        .flatMap((exchange) => [
          { kind: 'exchange', exchange },
          { kind: 'comment', exchange },
        ]),
    [exchanges, status],
  );

  const definitions = useMemo<TableProps.ColumnDefinition<Row>[]>(
    () => [
      ...dataColumns.map((column, index) => ({
        id: column.id,
        header: column.header,
        cell: (row: Row) =>
          row.kind === 'exchange' ? display(column, row.exchange) : index === 0 ? <CommentEditor exchange={row.exchange} patientId={patientId} /> : null,
        sortingField: column.id,
        sortingComparator: (a: Row, b: Row) => compareCells(column.value(a.exchange), column.value(b.exchange), column.type),
      })),
      {
        id: 'actions',
        header: c.actions,
        cell: (row: Row) => {
          if (row.kind !== 'exchange') return null;
          const date = formatLocalDate(row.exchange.DeviceLocalDate);
          return (
            <SpaceBetween direction="horizontal" size="xs">
              {hasOpenAlerts(row.exchange) && (
                <Button variant="inline-link" ariaLabel={e.clearAlertsFor(date)} onClick={() => setClearing(row.exchange)}>
                  {messages.patients.clearAlerts}
                </Button>
              )}
              <Button
                variant="inline-icon"
                iconName="download"
                ariaLabel={e.turbidityCsvFor(date)}
                disabled={!row.exchange.HasTurbidity}
                onClick={() => void downloadTurbidity(row.exchange)}
              />
            </SpaceBetween>
          );
        },
      },
    ],
    [patientId, role, userId],
  );

  const collection = useCollection(rows, {
    filtering: {
      empty: e.empty,
      noMatch: widgetMessages.list.empty,
      filteringFunction: (row, text) => {
        const needle = text.trim().toLowerCase();
        if (!needle) return true;
        return dataColumns.some((column) => {
          const value = column.value(row.exchange);
          const shown =
            column.id === 'date' ? formatLocalDate(row.exchange.DeviceLocalDate) : typeof value === 'number' ? numberText(value) : String(value ?? '');
          return shown.toLowerCase().includes(needle);
        });
      },
    },
    sorting: {},
    pagination: { pageSize: PAGE_SIZE, allowPageOutOfRange: true },
    expandableRows: { getId: rowId, getParentId: (row) => (row.kind === 'comment' ? row.exchange._id : null) },
  });
  const { items, actions, collectionProps, filterProps, paginationProps, filteredItemsCount } = collection;

  // Reaching the last loaded page reads the next server page, so paging on never waits long.
  const onLastPage = paginationProps.currentPageIndex >= paginationProps.pagesCount;
  useEffect(() => {
    if (onLastPage && more.hasMore && !more.loading) more.onLoadMore();
  }, [onLastPage, more]);

  const showPagination = paginationProps.pagesCount > 1 || more.hasMore;
  return (
    <>
      <Table<Row>
        {...collectionProps}
        items={items}
        columnDefinitions={definitions}
        loading={loading || (more.loading && items.length === 0)}
        loadingText={widgetMessages.loading}
        variant="container"
        wrapLines={false}
        ariaLabels={{
          tableLabel: e.title,
          expandButtonLabel: (row) => e.expandableLabel(formatLocalDate(row.exchange.DeviceLocalDate), false),
          collapseButtonLabel: (row) => e.expandableLabel(formatLocalDate(row.exchange.DeviceLocalDate), true),
        }}
        header={
          <Header variant="h2" counter={`(${count})`}>
            {e.title}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label={widgetMessages.list.search}>
              <TextFilter
                {...filterProps}
                filteringAriaLabel={widgetMessages.list.search}
                countText={filterProps.filteringText ? widgetMessages.list.matches(filteredItemsCount ?? 0) : undefined}
              />
            </FormField>
            <FormField label={e.statusFilter} data-status-filter>
              <Select
                selectedOption={statusOptions.find((option) => option.value === status)!}
                options={statusOptions}
                onChange={({ detail }) => {
                  setStatus(detail.selectedOption.value as StatusChoice);
                  actions.setCurrentPage(1);
                }}
              />
            </FormField>
          </SpaceBetween>
        }
        pagination={
          showPagination ? (
            <Pagination
              {...paginationProps}
              openEnd={more.hasMore}
              ariaLabels={{ nextPageLabel: e.nextPage, previousPageLabel: e.previousPage, pageLabel: e.pageLabel }}
            />
          ) : undefined
        }
        footer={more.loading ? <Box textAlign="center">{widgetMessages.loading}</Box> : undefined}
      />
      <ConfirmationDialog
        visible={!!clearing}
        title={e.clearConfirmTitle}
        lines={e.clearConfirmLines}
        busy={clear.isPending}
        onCancel={() => setClearing(undefined)}
        onAccept={() => clearing && clearAlerts(clearing)}
      />
      <ErrorDialog {...clear.errorDialog} />
      <ErrorDialog messages={csvError} onClose={() => setCsvError(undefined)} />
    </>
  );
}
