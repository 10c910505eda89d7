import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DeviceDeadLetter } from '@shared/api/devices';
import { deviceScreens } from '@shared/messages/device-screens';
import { dialogs } from '@shared/messages/dialogs';
import { DataList, type DefaultOrder, type MorePages } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { formatDateTime } from '@web/src/lib/format';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { deviceScreens, dialogs };

const m = messages.deviceScreens.refused;

/** What the device sent, as text only (React escapes it: a payload is never markup), with what the server left out. */
function Payload({ letter }: { letter: DeviceDeadLetter }) {
  const received = formatDateTime(letter.ReceivedAt);
  return (
    <Popover
      header={m.columns.Payload}
      size="large"
      triggerType="custom"
      dismissAriaLabel={messages.dialogs.close}
      content={
        <SpaceBetween size="xs">
          {letter.PayloadEncoding === 'base64' && <Box variant="small">{m.base64}</Box>}
          {letter.Payload === '' ? (
            <Box>{m.emptyPayload}</Box>
          ) : (
            <pre data-testid="refused-payload" style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '24rem', overflowY: 'auto' }}>
              {letter.Payload}
            </pre>
          )}
          {letter.PayloadCut && <Box variant="small">{m.cut(letter.PayloadBytes)}</Box>}
        </SpaceBetween>
      }
    >
      <Button variant="inline-link" ariaLabel={m.payloadOf(received)}>
        {m.showPayload}
      </Button>
    </Popover>
  );
}

const columns: ListColumn<DeviceDeadLetter>[] = [
  {
    id: 'ReceivedAt',
    header: m.columns.ReceivedAt,
    value: (letter) => letter.ReceivedAt,
    cell: (letter) => formatDateTime(letter.ReceivedAt),
    type: 'date',
  },
  { id: 'Topic', header: m.columns.Topic, value: (letter) => letter.Topic },
  { id: 'Reason', header: m.columns.Reason, value: (letter) => letter.Reason, minWidth: 240 },
  { id: 'Payload', header: m.columns.Payload, value: (letter) => letter.Payload, cell: (letter) => <Payload letter={letter} />, sortable: false },
];

const newestFirst: DefaultOrder<DeviceDeadLetter> = {
  label: messages.deviceScreens.newestFirst,
  description: m.newestFirstDescription,
  compare: (a, b) => Date.parse(b.ReceivedAt) - Date.parse(a.ReceivedAt),
};

/**
 * The messages the device sent that the portal refused (its dead letters), under its errors:
 * when, on which topic, why, and what it sent. 8 rows a page; further pages as the server holds them.
 */
export function RefusedMessages({ letters, loading, more }: { letters: readonly DeviceDeadLetter[]; loading: boolean; more: MorePages }) {
  return (
    <DataList<DeviceDeadLetter>
      title={m.title}
      items={letters}
      columns={columns}
      trackBy={(letter) => letter.DeadLetterID}
      loading={loading}
      defaultOrder={newestFirst}
      empty={m.empty}
      more={more}
      wrapLines
    />
  );
}
