import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { DEVICE_NOTE_MAX, type DeviceProfile } from '@shared/api/devices';
import { deviceScreens } from '@shared/messages/device-screens';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { useApiMutation } from '@web/src/lib/api-hooks';
import { putCachedDevice } from './device-cache';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { deviceScreens };

const m = messages.deviceScreens;

/** Spec section 9: the device note's textarea has 8 rows and grows up to 300. */
const NOTE_ROWS = 8;
const NOTE_MAX_ROWS = 300;
export const noteRows = (note: string) => Math.min(NOTE_MAX_ROWS, Math.max(NOTE_ROWS, note.split('\n').length));

/** A click inside the cell's controls must not also open the device's exchanges (the row's click). */
const keepInCell = (event: SyntheticEvent) => event.stopPropagation();

/**
 * The Comment cell (spec sections 2 and 4 "Device note"): the note, and a button that expands the
 * row to its editor: up to 1000 characters; an empty note is sent as null; on success the row
 * updates, on failure the error dialog shows.
 */
export function DeviceNoteCell({ device, adminId }: { device: DeviceProfile; adminId: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState(device.Note ?? '');
  const [saved, setSaved] = useState(false);
  const save = useApiMutation('updateDeviceProfile', {
    onSuccess: (answer) => {
      putCachedDevice(client, answer);
      setOpen(false);
      setSaved(true);
    },
  });
  const label = m.noteFor(device.SerialNumber);
  const toggle = () => {
    if (!open) setNote(device.Note ?? '');
    setSaved(false);
    setOpen(!open);
  };
  return (
    <div onClick={keepInCell} data-testid={`note-${device.SerialNumber}`} style={{ whiteSpace: 'normal' }}>
      <SpaceBetween size="xxs">
        <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
          <Button
            variant="inline-icon"
            iconName={open ? 'caret-down-filled' : 'edit'}
            ariaLabel={m.editNote(device.SerialNumber)}
            ariaExpanded={open}
            onClick={toggle}
          />
          <span data-testid="note-text" style={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', display: 'inline-block' }}>
            {device.Note ?? ''}
          </span>
        </SpaceBetween>
        {open && (
          <div style={{ minWidth: 320, maxWidth: 520 }}>
            <SpaceBetween size="xs">
              <FormField label={label} constraintText={`${note.length}/${DEVICE_NOTE_MAX}`}>
                <Textarea value={note} rows={noteRows(note)} ariaLabel={label} onChange={({ detail }) => setNote(detail.value.slice(0, DEVICE_NOTE_MAX))} />
              </FormField>
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  loading={save.isPending}
                  onClick={() => save.mutate({ params: { adminId, id: device.DeviceID }, body: { Note: note.trim() === '' ? null : note } })}
                >
                  {m.saveNote}
                </Button>
                <Button variant="link" onClick={toggle} disabled={save.isPending}>
                  {m.cancel}
                </Button>
              </SpaceBetween>
            </SpaceBetween>
          </div>
        )}
        <div role="status">
          {saved && (
            <Box fontSize="body-s">
              <StatusIndicator type="success">{m.noteSaved}</StatusIndicator>
            </Box>
          )}
        </div>
      </SpaceBetween>
      <ErrorDialog {...save.errorDialog} />
    </div>
  );
}
