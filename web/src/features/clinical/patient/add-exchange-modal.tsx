import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@web/src/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import TimeInput from '@cloudscape-design/components/time-input';
import { z } from 'zod';
import { manualExchangeSchema } from '@shared/api/exchanges';
import { exchangeFluids } from '@shared/device/fluids';
import { TIME_OF_DAY_PATTERN } from '@shared/device/schedule';
import { dialogs } from '@shared/messages/dialogs';
import { patients } from '@shared/messages/patients';
import { required as requiredText } from '@shared/messages/required';
import { widgets } from '@shared/messages/widgets';
import { ConfirmationDialog } from '@web/src/components/confirmation-dialog';
import { ErrorDialog } from '@web/src/components/error-dialog';
import { useApiMutation } from '@web/src/lib/api-hooks';
import { useZodForm } from '@web/src/lib/use-zod-form';
import { COMMENT_MAX_LENGTH } from './exchange-cells';
import { staffRoute, useStaffUser } from '@web/src/lib/staff';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { dialogs, patients, required: requiredText, widgets };

const f = messages.patients.addExchangeForm;
const m = messages.patients;

/** The form's inputs as typed (text), keyed as the exchange's fields so their messages land under them. */
const numberFields = [
  'DrainVolume',
  'DrainDuration',
  'DrainTemp',
  'FillVolume',
  'FillDuration',
  'FillTemp',
  'WeightMeasure',
  'PulseMeasure',
  'PValue',
] as const;
type NumberField = (typeof numberFields)[number];
type Draft = { DeviceLocalDate: string; time: string; ExchangeFluid: string; BloodPressureMeasure: string; Note: string } & Record<NumberField, string>;

const labels: Record<NumberField, string> = {
  DrainVolume: f.drainVolume,
  DrainDuration: f.drainDuration,
  DrainTemp: f.drainTemp,
  FillVolume: f.fillVolume,
  FillDuration: f.fillDuration,
  FillTemp: f.fillTemp,
  WeightMeasure: f.weight,
  PulseMeasure: f.pulse,
  PValue: f.pValue,
};
const required: readonly NumberField[] = ['DrainVolume', 'DrainDuration', 'DrainTemp', 'FillVolume', 'FillDuration', 'FillTemp'];

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The local date and time as the device would send them: ISO with the browser's offset on that day. */
export function localDateTime(date: string, time: string): string {
  const local = new Date(`${date}T${time}:00`);
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${date}T${time}:00${sign}${hours}:${minutes}`;
}

/** The draft checked, turned into the exchange and checked again by the shared schema (the server's). */
const draftSchema = z
  .object({
    DeviceLocalDate: z.string(),
    time: z.string(),
    ExchangeFluid: z.string(),
    BloodPressureMeasure: z.string(),
    Note: z.string(),
    ...Object.fromEntries(numberFields.map((name) => [name, z.string()])),
  })
  .superRefine((draft, ctx) => {
    const values = draft as unknown as Draft;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.DeviceLocalDate) || !TIME_OF_DAY_PATTERN.test(values.time)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['DeviceLocalDate'], message: f.dateTimeRequired });
    } else if (Date.parse(localDateTime(values.DeviceLocalDate, values.time)) > Date.now()) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['DeviceLocalDate'], message: m.futureExchange });
    }
    for (const name of numberFields) {
      const text = values[name].trim();
      if (text === '' && required.includes(name)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: messages.required(labels[name]) });
      else if (text !== '' && Number.isNaN(Number(text))) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: f.numberNotValid(labels[name]) });
    }
    if (values.BloodPressureMeasure.trim() !== '' && !/^\d{2,3}\/\d{2,3}$/.test(values.BloodPressureMeasure.trim())) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['BloodPressureMeasure'], message: f.bloodPressureNotValid });
    }
  })
  .transform((raw) => {
    const draft = raw as unknown as Draft;
    const at = localDateTime(draft.DeviceLocalDate, draft.time);
    const weight = toNumber(draft.WeightMeasure);
    const pulse = toNumber(draft.PulseMeasure);
    const [systolic, diastolic] = draft.BloodPressureMeasure.trim().split('/').map(Number);
    return {
      DeviceLocalDate: at,
      ExchangeFluid: draft.ExchangeFluid,
      DrainVolume: toNumber(draft.DrainVolume),
      DrainDuration: toNumber(draft.DrainDuration),
      DrainTemp: toNumber(draft.DrainTemp),
      FillVolume: toNumber(draft.FillVolume),
      FillDuration: toNumber(draft.FillDuration),
      FillTemp: toNumber(draft.FillTemp),
      TempUnit: 'C',
      WeightUnit: 'KG',
      ...(weight === undefined ? {} : { WeightMeasure: { Value: weight, Time: at } }),
      ...(pulse === undefined ? {} : { PulseMeasure: { Value: pulse, Time: at } }),
      ...(draft.BloodPressureMeasure.trim() === '' ? {} : { BloodPressureMeasure: { Value: { Systolic: systolic, Diastolic: diastolic }, Time: at } }),
      ...(toNumber(draft.PValue) === undefined ? {} : { PValue: toNumber(draft.PValue) }),
      ...(draft.Note.trim() === '' ? {} : { Note: draft.Note }),
    };
  })
  .pipe(manualExchangeSchema);

const initialValues: Draft = {
  DeviceLocalDate: '',
  time: '',
  ExchangeFluid: exchangeFluids[0],
  BloodPressureMeasure: '',
  Note: '',
  ...(Object.fromEntries(numberFields.map((name) => [name, ''])) as Record<NumberField, string>),
};

/**
 * Beyond the spec: an exchange entered by hand (the device was offline, the patient phoned it
 * in), checked by the shared schema the server uses, confirmed, then the table and the count are
 * read again. Doctor and ClinicDirector only.
 */
export function AddExchangeModal({ patientId, hasDevice, onClose }: { patientId: string; hasDevice: boolean; onClose: () => void }) {
  const { role, userId } = useStaffUser();
  const add = useApiMutation(staffRoute('addExchange', role === 'Nurse' ? 'Doctor' : role), {
    invalidates: [staffRoute('getExchanges', role), staffRoute('getPatientProfile', role), staffRoute('getAdherence', role)],
  });
  const form = useZodForm({
    schema: draftSchema,
    initialValues,
    confirm: true,
    onSubmit: async (body) => {
      await add.mutateAsync({ params: { id: userId, patientId }, body });
      onClose();
    },
  });
  const text = (name: keyof Draft) => ({
    value: (form.values as Draft)[name],
    onChange: ({ detail }: { detail: { value: string } }) => form.setValue(name as never, detail.value as never),
    onBlur: () => form.field(name as never).onBlur(),
  });
  return (
    <Modal
      visible
      size="large"
      header={f.title}
      closeAriaLabel={messages.dialogs.close}
      onDismiss={onClose}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {f.cancel}
            </Button>
            <Button variant="primary" disabled={!hasDevice || !form.canSave} loading={form.busy} onClick={() => form.submit()}>
              {f.save}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {!hasDevice && <Alert type="warning">{m.noDeviceForManualExchange}</Alert>}
        <ColumnLayout columns={3}>
          <FormField label={f.date} errorText={form.errorOf('DeviceLocalDate')}>
            <DatePicker
              {...text('DeviceLocalDate')}
              placeholder={messages.widgets.fields.dateFormat}
              isDateEnabled={(date) => date <= new Date()}
              i18nStrings={{
                todayAriaLabel: messages.widgets.list.today,
                nextMonthAriaLabel: messages.widgets.list.nextMonth,
                previousMonthAriaLabel: messages.widgets.list.previousMonth,
              }}
            />
          </FormField>
          <FormField label={f.time}>
            <TimeInput {...text('time')} format="hh:mm" placeholder={messages.widgets.fields.timeFormat} />
          </FormField>
          <FormField label={f.fluid} errorText={form.errorOf('ExchangeFluid')}>
            <Select
              selectedOption={{ value: (form.values as Draft).ExchangeFluid, label: (form.values as Draft).ExchangeFluid }}
              options={exchangeFluids.map((fluid) => ({ value: fluid, label: fluid }))}
              onChange={({ detail }) => form.setValue('ExchangeFluid' as never, detail.selectedOption.value as never)}
            />
          </FormField>
          {numberFields.map((name) => (
            <FormField key={name} label={labels[name]} errorText={form.errorOf(name)}>
              <Input {...text(name)} inputMode="decimal" />
            </FormField>
          ))}
          <FormField label={f.bloodPressure} errorText={form.errorOf('BloodPressureMeasure')}>
            <Input {...text('BloodPressureMeasure')} placeholder="120/80" />
          </FormField>
        </ColumnLayout>
        <FormField label={f.note} errorText={form.errorOf('Note')}>
          <Textarea {...text('Note')} onChange={({ detail }) => form.setValue('Note' as never, detail.value.slice(0, COMMENT_MAX_LENGTH) as never)} rows={4} />
        </FormField>
      </SpaceBetween>
      <ConfirmationDialog title={f.confirmTitle} lines={f.confirmLines} {...form.confirmation} />
      <ErrorDialog {...form.errorDialog} />
    </Modal>
  );
}
