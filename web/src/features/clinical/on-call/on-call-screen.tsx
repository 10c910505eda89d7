import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Modal from '@web/src/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { onCallShiftInputSchema, type OnCallClinician, type OnCallShiftRow } from '@shared/api/on-call';
import { onCall } from '@shared/messages/on-call';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { DropdownField } from '@web/src/components/fields/dropdown-field';
import { TextField } from '@web/src/components/fields/text-field';
import { DataList } from '@web/src/components/list/data-list';
import type { ListColumn } from '@web/src/components/list/list-logic';
import { errorMessages } from '@web/src/lib/api-client';
import { useApiMutation, useApiQuery } from '@web/src/lib/api-hooks';
import { formatDateTime } from '@web/src/lib/format';
import { useStaffUser } from '@web/src/lib/staff';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { DateTimeField } from './date-time-field';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { onCall };

const m = messages.onCall;
const c = m.columns;

/** The form for a new shift: the clinician's profile contact fills e-mail and phone, which stay editable. */
function AddShiftForm({ clinicians, onDone }: { clinicians: readonly OnCallClinician[]; onDone: () => void }) {
  const staff = useStaffUser();
  const add = useApiMutation('addOnCallShiftAsDirector', { invalidates: ['getOnCallRotaAsDirector'] });
  const form = useZodForm({
    schema: onCallShiftInputSchema,
    initialValues: { UserID: '', From: '', To: '', Email: '', Phone: '' },
    onSubmit: async (body) => {
      await add.mutateAsync({ params: { id: staff.userId }, body });
      onDone();
    },
  });
  const pick = (userId: string) => {
    const clinician = clinicians.find((candidate) => candidate.UserID === userId);
    form.setValue('UserID', userId);
    if (clinician) {
      form.setValue('Email', clinician.Email);
      form.setValue('Phone', clinician.Phone ?? '');
    }
  };
  return (
    <form onSubmit={(event) => form.submit(event)}>
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={onDone}>
              {m.cancel}
            </Button>
            <Button variant="primary" disabled={!form.canSave} loading={form.busy}>
              {m.add}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          <DropdownField
            label={m.fields.UserID}
            {...form.field('UserID')}
            onChange={pick}
            testId="on-call-clinician"
            options={clinicians.map((clinician) => ({ value: clinician.UserID, label: `${clinician.Name} (${clinician.Role})` }))}
          />
          <DateTimeField label={m.fields.From} {...form.field('From')} testId="on-call-from" />
          <DateTimeField label={m.fields.To} {...form.field('To')} testId="on-call-to" />
          <TextField label={m.fields.Email} type="email" {...form.field('Email')} testId="on-call-email" />
          <TextField label={m.fields.Phone} {...form.field('Phone')} testId="on-call-phone" />
        </SpaceBetween>
      </Form>
      <ErrorDialog {...form.errorDialog} />
    </form>
  );
}

/**
 * /patients/oncall (beyond the spec; ClinicDirector): the clinic's on-call rota from now on, who
 * receives the escalated alerts (docs/escalation.md); add a shift, remove one that has not ended.
 */
export function OnCallScreen() {
  const staff = useStaffUser();
  const rota = useApiQuery('getOnCallRotaAsDirector', { params: { id: staff.userId } });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<OnCallShiftRow>();
  const remove = useApiMutation('removeOnCallShiftAsDirector', { invalidates: ['getOnCallRotaAsDirector'], onSuccess: () => setRemoving(undefined) });

  const columns: ListColumn<OnCallShiftRow>[] = [
    { id: 'name', header: c.name, value: (row) => row.Name },
    { id: 'from', header: c.from, value: (row) => row.From, cell: (row) => formatDateTime(row.From) },
    { id: 'to', header: c.to, value: (row) => row.To, cell: (row) => formatDateTime(row.To) },
    { id: 'email', header: c.email, value: (row) => row.Email },
    { id: 'phone', header: c.phone, value: (row) => row.Phone },
    {
      id: 'actions',
      header: c.actions,
      value: () => '',
      cell: (row) => (
        <Button variant="inline-link" ariaLabel={`${m.remove} ${row.Name} ${formatDateTime(row.From)}`} onClick={() => setRemoving(row)}>
          {m.remove}
        </Button>
      ),
    },
  ];

  return (
    <SpaceBetween size="l">
      <DataList<OnCallShiftRow>
        title={m.title}
        description={m.description}
        items={rota.data?.items ?? []}
        columns={columns}
        trackBy={(row) => row.ShiftID}
        loading={rota.isPending}
        empty={m.empty}
        actions={
          <Button iconName="add-plus" onClick={() => setAdding(true)} disabled={!rota.data}>
            {m.addShift}
          </Button>
        }
      />
      <Modal visible={adding} onDismiss={() => setAdding(false)} header={m.addShift} closeAriaLabel={m.cancel}>
        {adding && rota.data ? <AddShiftForm clinicians={rota.data.clinicians} onDone={() => setAdding(false)} /> : null}
      </Modal>
      <ConfirmationDialog
        visible={!!removing}
        title={m.removeShift(removing?.Name ?? '')}
        lines={removing ? [`${formatDateTime(removing.From)} – ${formatDateTime(removing.To)}`] : []}
        busy={remove.isPending}
        onAccept={() => removing && remove.mutate({ params: { id: staff.userId, shiftId: removing.ShiftID } })}
        onCancel={() => setRemoving(undefined)}
      />
      <ErrorDialog {...remove.errorDialog} />
      {rota.error ? <ErrorDialog messages={errorMessages(rota.error)} onClose={() => void rota.refetch()} /> : null}
    </SpaceBetween>
  );
}
