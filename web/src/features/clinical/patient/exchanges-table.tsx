import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ExchangeRow } from '@shared/api/exchanges';
import { patients } from '@shared/messages/patients';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { exchangeColumns, measured, type ExchangeColumn } from '@web/src/components/exchanges/exchange-columns';
import { InnerScreen } from '@web/src/components/heading-level';
import { DataList, type ExpandableRows, type ListFilter, type MorePages } from '@web/src/components/list/data-list';
import { downloadCsv } from '@web/src/components/list/list-logic';
import { call, errorMessages } from '@web/src/lib/api-client';
import { useApiMutation } from '@web/src/lib/api-hooks';
import { formatLocalDate } from '@web/src/lib/format';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';
import { patchCachedExchange } from './exchange-cache';
import { CommentEditor, ExchangeDate, ExchangeStatus, FluidChip } from './exchange-cells';
import { hasOpenAlerts, turbidityFileName } from './exchange-format';
import { turbidityCsv } from './turbidity-csv';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { patients };

const e = messages.patients.exchanges;
const c = e.columns;

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

/** Spec section 4 "Alert severity": the status filter's 3 High, 2 Medium, 1 Normal. */
const statusFilter: ListFilter<ExchangeRow> = {
  id: 'status',
  label: e.statusFilter,
  options: [
    { value: '3', label: e.statusOptions.high },
    { value: '2', label: e.statusOptions.medium },
    { value: '1', label: e.statusOptions.normal },
  ],
  matches: (exchange, value) => String(exchange.StatusAlerts.statusValue) === value,
};
const filters = [statusFilter];

export interface ExchangesTableProps {
  patientId: string;
  exchanges: readonly ExchangeRow[];
  count: number;
  more: MorePages;
}

const dateOf = (exchange: ExchangeRow) => formatLocalDate(exchange.DeviceLocalDate);

/**
 * The exchanges table (spec sections 2, 3, 4, 9): newest first as the server sends them, units in
 * the headers, a status filter (3 High, 2 Medium, 1 Normal), search and the sort cycle of the
 * lists, 8 rows a page (pagination hidden on one page, the next server page read as the user
 * reaches the last loaded one), a row that expands to its comment editor, 'Clear alerts' and the
 * turbidity CSV per row.
 */
export function ExchangesTable({ patientId, exchanges, count, more }: ExchangesTableProps) {
  const { role, userId } = useStaffUser();
  const client = useQueryClient();
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

  const columns = useMemo<ExchangeColumn[]>(
    () => [
      ...dataColumns,
      {
        id: 'actions',
        header: c.actions,
        value: () => undefined,
        cell: (exchange) => (
          <SpaceBetween direction="horizontal" size="xs">
            {hasOpenAlerts(exchange) && (
              <Button variant="inline-link" ariaLabel={e.clearAlertsFor(dateOf(exchange))} onClick={() => setClearing(exchange)}>
                {messages.patients.clearAlerts}
              </Button>
            )}
            <Button
              variant="inline-icon"
              iconName="download"
              ariaLabel={e.turbidityCsvFor(dateOf(exchange))}
              disabled={!exchange.HasTurbidity}
              onClick={() => void downloadTurbidity(exchange)}
            />
          </SpaceBetween>
        ),
        sortable: false,
        searchable: false,
        exported: false,
      },
    ],
    [patientId, role, userId],
  );

  const expandableRows = useMemo<ExpandableRows<ExchangeRow>>(
    () => ({
      detail: (exchange) => <CommentEditor exchange={exchange} patientId={patientId} />,
      expandLabel: (exchange) => e.expandableLabel(dateOf(exchange), false),
      collapseLabel: (exchange) => e.expandableLabel(dateOf(exchange), true),
    }),
    [patientId],
  );

  return (
    <>
      <InnerScreen>
        <DataList<ExchangeRow>
          title={e.title}
          items={exchanges}
          columns={columns}
          trackBy={(exchange) => exchange._id}
          filters={filters}
          expandableRows={expandableRows}
          more={more}
          openEnd
          total={count}
          variant="container"
          empty={e.empty}
        />
      </InnerScreen>
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
