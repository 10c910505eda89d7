import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { TEXT_MAX_LENGTH, type FieldProps } from './field-props';

/** A text input, cut at 100 characters (spec 5 "General"). */
export function TextField({ label, value, onChange, onBlur, errorText, readOnly, testId, type = 'text' }: FieldProps<string> & { type?: 'text' | 'email' }) {
  return (
    <FormField label={label} errorText={errorText} data-testid={testId}>
      <Input type={type} value={value} readOnly={readOnly} onBlur={onBlur} onChange={({ detail }) => onChange(detail.value.slice(0, TEXT_MAX_LENGTH))} />
    </FormField>
  );
}
