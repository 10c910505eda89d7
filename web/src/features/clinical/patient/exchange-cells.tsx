import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertSummary } from '@shared/alerts/alert';
import type { ExchangeRow } from '@shared/api/exchanges';
import { exchangeFluidColour } from '@shared/device/fluids';
import { dialogs } from '@shared/messages/dialogs';
import { patients } from '@shared/messages/patients';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { useApiMutation } from '@web/src/lib/api-hooks';
import { patchCachedExchange } from './exchange-cache';
import { formatLocalDate } from '@web/src/lib/format';
import { alertText } from '@web/src/lib/language';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';
import { StatusText } from '@web/src/components/status-text';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { dialogs, patients };

const m = messages.patients;
const e = m.exchanges;

/** Spec section 5 "Comments": at most 1000 characters. */
export const COMMENT_MAX_LENGTH = 1000;

/** Spec section 4 "Alert severity": 1 green, 2 yellow, 3 red. */
const indicatorOf: Record<1 | 2 | 3, StatusIndicatorProps.Type> = { 1: 'success', 2: 'warning', 3: 'error' };

/** The fluid as its colour chip (spec sections 3 and 9) with its name beside it, so colour is never alone. */
export function FluidChip({ fluid }: { fluid: string }) {
  const colour = exchangeFluidColour(fluid);
  return (
    <span data-fluid-colour={colour.css} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <span aria-hidden="true" style={{ width: 12, height: 12, borderRadius: 6, background: colour.css, border: '1px solid #5f6b7a' }} />
      {fluid}
    </span>
  );
}

/**
 * An exchange's status: the severity's colour and the alerts' text, a popover listing them when
 * there are several (spec section 4). Cleared alerts lose the indicator and stay readable as text.
 */
export function ExchangeStatus({ exchange }: { exchange: ExchangeRow }) {
  const { alerts, statusValue } = exchange.StatusAlerts;
  if (exchange.AlertsClearedAt && alerts.length > 0) {
    return (
      <Box color="text-status-inactive" data-status="cleared">
        {e.cleared}: {alerts.map(alertText).join('; ')}
      </Box>
    );
  }
  const summary = alertSummary(alerts);
  const indicator = (
    <StatusText type={indicatorOf[statusValue]} data-status={statusValue}>
      {summary ? alertText(summary) : e.severity[1]}
    </StatusText>
  );
  if (alerts.length < 2) return indicator;
  return (
    <Popover
      header={e.alertsCount(alerts.length)}
      triggerType="text"
      dismissAriaLabel={messages.dialogs.close}
      content={
        <SpaceBetween size="xxs">
          {alerts.map((alert) => (
            <StatusText key={alert.AlertID} type={indicatorOf[alert.severity]}>
              {alertText(alert)}
            </StatusText>
          ))}
        </SpaceBetween>
      }
    >
      {indicator}
    </Popover>
  );
}

/** The date and time (HH:MM) of an exchange, marked when a clinician entered it by hand. */
export function ExchangeDate({ exchange }: { exchange: ExchangeRow }) {
  return (
    <SpaceBetween size="xxs">
      <span style={{ whiteSpace: 'nowrap' }}>{formatLocalDate(exchange.DeviceLocalDate)}</span>
      {exchange.EnteredBy && (
        <Box fontSize="body-s" color="text-body-secondary">
          <span title={e.enteredByHand(exchange.EnteredBy.Name)} aria-label={e.enteredByHand(exchange.EnteredBy.Name)} data-testid="entered-by-hand">
            ✎ {e.handMarker}
          </span>
        </Box>
      )}
    </SpaceBetween>
  );
}

/**
 * The expanded row's comment editor (spec sections 2, 4, 5): up to 1000 characters; a save
 * updates the note locally and says 'A comment is added to an exchnage'; a failure shows the
 * error dialog.
 */
export function CommentEditor({ exchange, patientId }: { exchange: ExchangeRow; patientId: string }) {
  const { role, userId } = useStaffUser();
  const client = useQueryClient();
  const [note, setNote] = useState(exchange.Note ?? '');
  const [saved, setSaved] = useState(false);
  const save = useApiMutation(staffRoute('saveExchangeNote', role), {
    onSuccess: (result) => {
      patchCachedExchange(client, staffRoute('getExchanges', role), exchange._id, { Note: result.Note });
      setSaved(true);
    },
  });
  const label = e.commentFor(formatLocalDate(exchange.DeviceLocalDate));
  return (
    <div style={{ minWidth: 400, maxWidth: 600, whiteSpace: 'normal' }}>
      <SpaceBetween size="xs">
        <FormField label={label} constraintText={`${note.length}/${COMMENT_MAX_LENGTH}`}>
          <Textarea
            value={note}
            rows={8}
            ariaLabel={label}
            onChange={({ detail }) => {
              setNote(detail.value.slice(0, COMMENT_MAX_LENGTH));
              setSaved(false);
            }}
          />
        </FormField>
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <Button
            loading={save.isPending}
            onClick={() => save.mutate({ params: { id: userId, patientId }, body: { Exchange_id: exchange._id, Note: note.trim() === '' ? null : note } })}
          >
            {e.saveComment}
          </Button>
          <div role="status">{saved && <StatusIndicator type="success">{m.commentAdded}</StatusIndicator>}</div>
        </SpaceBetween>
      </SpaceBetween>
      <ErrorDialog {...save.errorDialog} />
    </div>
  );
}
