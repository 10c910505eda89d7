import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import { widgetMessages } from '@web/src/lib/widget-messages';
import type { FieldProps } from './field-props';

const t = widgetMessages.list;
const today = () => new Date(new Date().toDateString());

/** A calendar date (yyyy-mm-dd); `past` offers no day after today (a birth date). */
export function DateField({ label, value, onChange, onBlur, errorText, readOnly, testId, past = false }: FieldProps<string> & { past?: boolean }) {
  return (
    <FormField label={label} errorText={errorText} constraintText={widgetMessages.fields.dateFormat} data-testid={testId}>
      <DatePicker
        value={value}
        readOnly={readOnly}
        onBlur={onBlur}
        onChange={({ detail }) => onChange(detail.value)}
        isDateEnabled={past ? (date) => date <= today() : undefined}
        placeholder={widgetMessages.fields.dateFormat}
        openCalendarAriaLabel={(selected) => (selected ? `${label}: ${selected}` : label)}
        i18nStrings={{ todayAriaLabel: t.today, nextMonthAriaLabel: t.nextMonth, previousMonthAriaLabel: t.previousMonth }}
      />
    </FormField>
  );
}
