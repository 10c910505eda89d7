import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Modal from '@web/src/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { fhirExportQuerySchema, fhirPeriod } from '@shared/api/fhir';
import { dialogs } from '@shared/messages/dialogs';
import { fhir } from '@shared/messages/fhir';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DateField } from '@web/src/components/fields/date-field';
import { downloadText } from '@web/src/components/list/list-logic';
import { call, errorMessages } from '@web/src/lib/api-client';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { dialogs, fhir };

const f = messages.fhir;

/** Today in the browser's time zone, so the default period ends on a day the calendar offers. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const defaultPeriod = () => fhirPeriod({ to: localToday() });

/** The downloaded file's name: the patient's name, kept to letters, digits and hyphens, then `-fhir.json`. */
export function fhirFileName(name: string | undefined, patientId: string): string {
  const base = (name ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || patientId}-fhir.json`;
}

/**
 * 'Export FHIR' on the patient screen (docs/fhir.md): the period (the last 30 days by
 * default, checked by the API's own schema, so the messages are the server's), then the patient's
 * FHIR R4 Bundle downloaded as `<patient>-fhir.json`.
 */
export function FhirExportButton({ patientId, patientName }: { patientId: string; patientName?: string }) {
  const { role, userId } = useStaffUser();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState(defaultPeriod);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[]>();

  const show = () => {
    setPeriod(defaultPeriod());
    setFieldErrors({});
    setOpen(true);
  };

  const exportBundle = async () => {
    const parsed = fhirExportQuerySchema.safeParse(period);
    if (!parsed.success) {
      const errors: Partial<Record<'from' | 'to', string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'to' ? 'to' : 'from';
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const bundle = await call(staffRoute('getPatientFhir', role), { params: { id: userId, patientId }, query: parsed.data });
      downloadText(fhirFileName(patientName, patientId), JSON.stringify(bundle, null, 2), 'application/fhir+json');
      setOpen(false);
    } catch (error) {
      setFailure(errorMessages(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button iconName="download" data-testid="export-fhir" onClick={show}>
        {f.exportButton}
      </Button>
      <Modal
        visible={open}
        header={f.dialogTitle}
        closeAriaLabel={messages.dialogs.close}
        onDismiss={() => setOpen(false)}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setOpen(false)}>
                {f.cancel}
              </Button>
              <Button variant="primary" loading={busy} onClick={() => void exportBundle()}>
                {f.export}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          <Box variant="p">{f.dialogDescription}</Box>
          <ColumnLayout columns={2}>
            <DateField
              label={f.from}
              value={period.from}
              onChange={(from) => setPeriod((current) => ({ ...current, from }))}
              errorText={fieldErrors.from}
              past
            />
            <DateField label={f.to} value={period.to} onChange={(to) => setPeriod((current) => ({ ...current, to }))} errorText={fieldErrors.to} past />
          </ColumnLayout>
        </SpaceBetween>
      </Modal>
      <ErrorDialog messages={failure} onClose={() => setFailure(undefined)} />
    </>
  );
}
