import FormField from '@cloudscape-design/components/form-field';
import Toggle from '@cloudscape-design/components/toggle';
import { widgetMessages } from '@web/src/lib/widget-messages';
import type { FieldProps } from './field-props';

/** The enabled flag as the spec shows it: a toggle reading Activated or Deactivated. */
export function ToggleField({ label, value, onChange, errorText, readOnly, testId }: FieldProps<boolean>) {
  const t = widgetMessages.fields;
  return (
    <FormField label={label} errorText={errorText} data-testid={testId}>
      <Toggle checked={value} disabled={readOnly} onChange={({ detail }) => onChange(detail.checked)}>
        {value ? t.activated : t.deactivated}
      </Toggle>
    </FormField>
  );
}
