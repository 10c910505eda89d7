import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import { useState } from 'react';
import { TIME_OF_DAY_PATTERN } from '@shared/device/schedule';
import { onCall } from '@shared/messages/on-call';
import type { FieldProps } from '@web/src/components/fields/field-props';
import { widgetMessages } from '@web/src/lib/widget-messages';

const t = widgetMessages.list;
const pad = (value: number) => String(value).padStart(2, '0');

/** The local date and time (yyyy-mm-dd, HH:mm) of an ISO time, as the viewer's clock shows it. */
function localParts(iso: string): { date: string; time: string } {
  const at = new Date(iso);
  if (!iso || Number.isNaN(at.getTime())) return { date: '', time: '' };
  return { date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`, time: `${pad(at.getHours())}:${pad(at.getMinutes())}` };
}

/**
 * A time as a day and an hour on the viewer's clock; the value is the ISO time it names (the
 * server keeps UTC), or what was typed while it names none yet, so the schema's message shows.
 */
export function DateTimeField({ label, value, onChange, onBlur, errorText, testId }: FieldProps<string>) {
  const [typed, setTyped] = useState(() => localParts(value));
  const change = (next: { date: string; time: string }) => {
    setTyped(next);
    const at = new Date(`${next.date}T${next.time}`);
    onChange(TIME_OF_DAY_PATTERN.test(next.time) && next.date && !Number.isNaN(at.getTime()) ? at.toISOString() : `${next.date} ${next.time}`.trim());
  };
  return (
    <FormField label={label} errorText={errorText} constraintText={`${widgetMessages.fields.dateFormat} HH:mm`} data-testid={testId}>
      <SpaceBetween direction="horizontal" size="xs">
        <DatePicker
          value={typed.date}
          onBlur={onBlur}
          onChange={({ detail }) => change({ ...typed, date: detail.value })}
          placeholder={widgetMessages.fields.dateFormat}
          openCalendarAriaLabel={(selected) => (selected ? `${label}: ${selected}` : label)}
          i18nStrings={{ todayAriaLabel: t.today, nextMonthAriaLabel: t.nextMonth, previousMonthAriaLabel: t.previousMonth }}
          ariaLabel={onCall.dateOf(label)}
        />
        <TimeInput
          value={typed.time}
          format="hh:mm"
          placeholder={widgetMessages.fields.timeFormat}
          onBlur={onBlur}
          onChange={({ detail }) => change({ ...typed, time: detail.value })}
          ariaLabel={onCall.timeOf(label)}
        />
      </SpaceBetween>
    </FormField>
  );
}
