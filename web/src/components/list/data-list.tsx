import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Pagination from '@cloudscape-design/components/pagination';
import Popover from '@cloudscape-design/components/popover';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { widgetMessages } from '@web/src/lib/widget-messages';
import { useScreenHeadingVariant } from '../heading-level';
import { cellText, compareCells, downloadCsv, isFutureDate, matchesSearch, toCsv, type ListColumn, type Search, type SearchMode } from './list-logic';

const t = widgetMessages.list;

/** Spec 9: 8 rows per page for all lists and tables. */
export const PAGE_SIZE = 8;

export type StatusFilter = 'all' | 'active' | 'inactive';

/** Further pages the server holds (`{ items, cursor }` lists): the list reads them on demand. */
export interface MorePages {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/** A select that narrows the rows to one value (a severity, a physician); 'All' comes first. */
export interface ListFilter<T> {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  matches: (item: T, value: string) => boolean;
}

/** An export of the list's own (a spreadsheet): a header button handed the listed rows, filtered and in their order. */
export interface ListExport<T> {
  id: string;
  label: string;
  onExport: (rows: readonly T[]) => void | Promise<void>;
}

/** A row that expands to a detail under it (a comment editor), with the toggle's words for that row. */
export interface ExpandableRows<T> {
  detail: (item: T) => ReactNode;
  expandLabel: (item: T) => string;
  collapseLabel: (item: T) => string;
}

/** The rows' order while no column is sorted, named and explained in the list's header. */
export interface DefaultOrder<T> {
  label: string;
  description: string;
  compare: (a: T, b: T) => number;
}

export interface DataListProps<T> {
  title: string;
  items: readonly T[];
  columns: readonly ListColumn<T>[];
  /** A row's stable id. */
  trackBy: (item: T) => string;
  loading?: boolean;
  /** Disabled (Deactivated) rows are shown greyed (spec 4 "Enabled flags"). */
  isDisabled?: (item: T) => boolean;
  /** The status filter select, e.g. 'Active or Inactive Service Providers'. */
  statusFilter?: { label: string; isActive: (item: T) => boolean };
  /** Further selects narrowing the rows (e.g. the patients' severity and physician). */
  filters?: readonly ListFilter<T>[];
  /** The order before any column is sorted (e.g. 'Needs review first'). */
  defaultOrder?: DefaultOrder<T>;
  /** The CSV export button, with the spec's file name (clinics.csv, users.csv, devices.csv). */
  csvFileName?: string;
  /** Further exports of the listed rows (e.g. the service providers' spreadsheet). */
  exports?: readonly ListExport<T>[];
  onRowClick?: (item: T) => void;
  /** Buttons of the header (e.g. Add): several as an array with keys, not a fragment, which the header's SpaceBetween would space as one. */
  actions?: ReactNode;
  /** A line under the title (e.g. the period the rows cover); the default order's note takes its place while it applies. */
  description?: ReactNode;
  more?: MorePages;
  /**
   * The server's further pages are read as the user pages on, the pagination left open-ended while
   * they exist, instead of by a 'Load more' button.
   */
  openEnd?: boolean;
  /** The count of the whole list as the server reports it (rows not read yet included), shown in the header. */
  total?: number;
  expandableRows?: ExpandableRows<T>;
  /** 'container' for a list that shares its screen with other panels (a tab's table). */
  variant?: 'full-page' | 'container';
  /** What an empty list says; 'No items match your search' unless the list says better. */
  empty?: string;
  /** Long cells wrap instead of widening the table (e.g. a refused message's reason). */
  wrapLines?: boolean;
}

const modeOptions: SelectProps.Option[] = [
  { value: 'lessThan', label: t.lessThan },
  { value: 'greaterThan', label: t.greaterThan },
  { value: 'equal', label: t.equal },
];
const statusOptions: SelectProps.Option[] = [
  { value: 'all', label: t.all },
  { value: 'active', label: t.active },
  { value: 'inactive', label: t.inactive },
];
const today = () => new Date(new Date().toDateString());

/** A table row: an item, or the detail shown under it while it is expanded. */
interface Row<T> {
  item: T;
  detail?: true;
}

/**
 * The spec's list (section 4 "Lists", section 9): one column sorted at a time, cycling none →
 * ascending → descending → ascending, naturally and case-insensitively; free-text search, or less
 * than / greater than / equal on a number or date column (no future dates); a new search goes back
 * to page 1; 8 rows a page, pagination hidden when one page does; 'No items match your search';
 * greyed disabled rows; an optional status filter and CSV export; rows that expand to a detail;
 * server pages read by a button or as the user pages on. Configured by its columns.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { columns, statusFilter, expandableRows, trackBy, openEnd = false } = props;
  const headingVariant = useScreenHeadingVariant();
  const [columnId, setColumnId] = useState<string>();
  const [mode, setMode] = useState<SearchMode>('lessThan');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const { defaultOrder } = props;
  const rows = useMemo(() => {
    const ordered = defaultOrder ? [...props.items].sort(defaultOrder.compare) : props.items;
    return ordered.flatMap((item): Row<T>[] => (expandableRows ? [{ item }, { item, detail: true }] : [{ item }]));
  }, [props.items, defaultOrder, expandableRows]);
  const searchColumn = columns.find((column) => column.id === columnId);
  const compares = !!searchColumn?.type && searchColumn.type !== 'text';

  const definitions = useMemo<TableProps.ColumnDefinition<Row<T>>[]>(
    () =>
      columns.map((column, index) => ({
        id: column.id,
        header: column.header,
        cell: ({ item, detail }: Row<T>) => {
          // The detail takes the first column's cell; the table has no cell spanning a row.
          if (detail) return index === 0 ? expandableRows?.detail(item) : null;
          const content = column.cell ? column.cell(item) : cellText(column.value(item), column.type);
          return props.isDisabled?.(item) ? (
            <Box color="text-status-inactive" data-row-state="deactivated">
              {content}
            </Box>
          ) : (
            content
          );
        },
        // The id names the sorted column across renders (columns given inline are new objects each time).
        minWidth: column.minWidth,
        sortingField: column.sortable === false ? undefined : column.id,
        sortingComparator:
          column.sortable === false ? undefined : (a: Row<T>, b: Row<T>) => compareCells(column.value(a.item), column.value(b.item), column.type),
      })),
    [columns, props.isDisabled, expandableRows],
  );

  const collection = useCollection(rows, {
    filtering: {
      empty: props.empty ?? t.empty,
      noMatch: t.empty,
      // A detail row matches as its item does, so an expanded row keeps its detail.
      filteringFunction: ({ item }, text) => {
        const search: Search = { columnId, mode: compares ? mode : 'include', text };
        if (!matchesSearch(item, columns, search)) return false;
        if (props.filters?.some((filter) => chosen[filter.id] && !filter.matches(item, chosen[filter.id]!))) return false;
        if (!statusFilter || status === 'all') return true;
        return statusFilter.isActive(item) === (status === 'active');
      },
    },
    sorting: {},
    // An open-ended list may be on a page past the rows read so far, while the next server page comes.
    pagination: { pageSize: PAGE_SIZE, allowPageOutOfRange: openEnd },
    expandableRows: expandableRows && {
      getId: (row) => (row.detail ? `${trackBy(row.item)}#detail` : trackBy(row.item)),
      getParentId: (row) => (row.detail ? trackBy(row.item) : null),
    },
  });
  const { items, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = collection;
  const listed = useMemo(() => collection.allPageItems.map((row) => row.item), [collection.allPageItems]);
  const text = filterProps.filteringText;
  const futureDate = searchColumn?.type === 'date' && compares && isFutureDate(text);

  // Reaching the last page read asks for the next server page, so paging on seldom waits.
  const { hasMore = false, loading: loadingMore = false, onLoadMore } = props.more ?? {};
  const onLastPage = paginationProps.currentPageIndex >= paginationProps.pagesCount;
  useEffect(() => {
    if (openEnd && onLastPage && hasMore && !loadingMore) onLoadMore?.();
  }, [openEnd, onLastPage, hasMore, loadingMore, onLoadMore]);

  const setSearchText = (value: string) => actions.setFiltering(value);
  const restart = () => actions.setCurrentPage(1);
  const columnOptions: SelectProps.Option[] = [
    { value: '', label: t.allColumns },
    ...columns.filter((column) => column.searchable !== false).map((column) => ({ value: column.id, label: column.header })),
  ];

  const searchInput = compares ? (
    searchColumn?.type === 'date' ? (
      <FormField label={t.search} errorText={futureDate ? t.futureDate : undefined} data-list-search>
        <DatePicker
          value={text}
          onChange={({ detail }) => setSearchText(detail.value)}
          isDateEnabled={(date) => date <= today()}
          placeholder={widgetMessages.fields.dateFormat}
          i18nStrings={{ todayAriaLabel: t.today, nextMonthAriaLabel: t.nextMonth, previousMonthAriaLabel: t.previousMonth }}
        />
      </FormField>
    ) : (
      <FormField label={t.search} data-list-search>
        <Input type="number" value={text} onChange={({ detail }) => setSearchText(detail.value)} />
      </FormField>
    )
  ) : (
    <FormField label={t.search}>
      <TextFilter {...filterProps} filteringAriaLabel={t.search} countText={text ? t.matches(filteredItemsCount ?? 0) : undefined} />
    </FormField>
  );

  return (
    <Table<Row<T>>
      trackBy={(row) => trackBy(row.item)}
      {...collectionProps}
      items={items}
      columnDefinitions={definitions}
      loading={props.loading || (openEnd && loadingMore && items.length === 0)}
      loadingText={widgetMessages.loading}
      variant={props.variant ?? 'full-page'}
      wrapLines={props.wrapLines}
      ariaLabels={{
        tableLabel: props.title,
        ...(expandableRows && {
          expandButtonLabel: (row: Row<T>) => expandableRows.expandLabel(row.item),
          collapseButtonLabel: (row: Row<T>) => expandableRows.collapseLabel(row.item),
        }),
      }}
      onRowClick={props.onRowClick ? ({ detail }) => !detail.item.detail && props.onRowClick!(detail.item.item) : undefined}
      header={
        <Header
          variant={headingVariant}
          counter={`(${props.total ?? filteredItemsCount ?? props.items.length})`}
          description={
            defaultOrder && !collectionProps.sortingColumn ? (
              <span data-list-default-order>
                {t.orderedBy(defaultOrder.label)}{' '}
                <Popover header={defaultOrder.label} content={defaultOrder.description} triggerType="custom" dismissAriaLabel={t.close}>
                  <Button variant="inline-icon" iconName="status-info" ariaLabel={t.aboutOrder(defaultOrder.label)} />
                </Popover>
              </span>
            ) : (
              props.description
            )
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {props.csvFileName && (
                <Button iconName="download" data-testid="export-csv" onClick={() => downloadCsv(props.csvFileName!, toCsv(columns, listed))}>
                  {t.exportCsv}
                </Button>
              )}
              {props.exports?.map((listExport) => (
                <Button key={listExport.id} iconName="download" data-testid={`export-${listExport.id}`} onClick={() => void listExport.onExport(listed)}>
                  {listExport.label}
                </Button>
              ))}
              {props.actions}
            </SpaceBetween>
          }
        >
          {props.title}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="s" alignItems="end">
          <FormField label={t.searchIn}>
            <Select
              selectedOption={columnOptions.find((option) => option.value === (columnId ?? '')) ?? columnOptions[0]!}
              options={columnOptions}
              onChange={({ detail }) => {
                setColumnId(detail.selectedOption.value || undefined);
                setSearchText('');
              }}
            />
          </FormField>
          {compares && (
            <FormField label={t.searchMode}>
              <Select
                selectedOption={modeOptions.find((option) => option.value === mode)!}
                options={modeOptions}
                onChange={({ detail }) => {
                  setMode(detail.selectedOption.value as SearchMode);
                  restart();
                }}
              />
            </FormField>
          )}
          {searchInput}
          {props.filters?.map((filter) => {
            const options: SelectProps.Option[] = [{ value: '', label: t.all }, ...filter.options];
            return (
              <FormField key={filter.id} label={filter.label} data-list-filter={filter.id}>
                <Select
                  selectedOption={options.find((option) => option.value === (chosen[filter.id] ?? '')) ?? options[0]!}
                  options={options}
                  onChange={({ detail }) => {
                    setChosen((current) => ({ ...current, [filter.id]: detail.selectedOption.value ?? '' }));
                    restart();
                  }}
                />
              </FormField>
            );
          })}
          {statusFilter && (
            <FormField label={statusFilter.label} data-status-filter>
              <Select
                selectedOption={statusOptions.find((option) => option.value === status)!}
                options={statusOptions}
                onChange={({ detail }) => {
                  setStatus(detail.selectedOption.value as StatusFilter);
                  restart();
                }}
              />
            </FormField>
          )}
        </SpaceBetween>
      }
      pagination={
        paginationProps.pagesCount > 1 || (openEnd && hasMore) ? (
          <Pagination
            {...paginationProps}
            openEnd={openEnd && hasMore}
            ariaLabels={{ nextPageLabel: t.nextPage, previousPageLabel: t.previousPage, pageLabel: t.pageLabel }}
          />
        ) : undefined
      }
      footer={
        openEnd && loadingMore ? (
          <Box textAlign="center">{widgetMessages.loading}</Box>
        ) : !openEnd && props.more?.hasMore ? (
          <Box textAlign="center">
            <Button data-testid="load-more" onClick={props.more.onLoadMore} loading={props.more.loading}>
              {t.loadMore}
            </Button>
          </Box>
        ) : undefined
      }
    />
  );
}
