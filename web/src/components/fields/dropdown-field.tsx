import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import type { FieldProps } from './field-props';

export interface DropdownOption {
  value: string;
  label: string;
}

/** One choice of a list (a role, a clinic, a gender). */
export function DropdownField({
  label,
  value,
  onChange,
  onBlur,
  errorText,
  readOnly,
  testId,
  options,
  placeholder,
}: FieldProps<string> & { options: readonly DropdownOption[]; placeholder?: string }) {
  const selected = options.find((option) => option.value === value) ?? null;
  return (
    <FormField label={label} errorText={errorText} data-testid={testId}>
      <Select
        selectedOption={selected}
        options={options}
        placeholder={placeholder}
        disabled={readOnly}
        onBlur={onBlur}
        onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      />
    </FormField>
  );
}
