import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { widgetMessages } from '@web/src/lib/widget-messages';
import type { FieldProps } from './field-props';

/** A value kept within [min, max] on the step's decimals. */
export function clampStep(value: number, min: number, max: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  const clamped = Math.min(max, Math.max(min, Number.isNaN(value) ? min : value));
  return Number(clamped.toFixed(decimals));
}

/** The spec's numeric stepper: clamps to a min (default 0) and a max (default 100), step default 1. */
export function NumericStepper({
  label,
  value,
  onChange,
  onBlur,
  errorText,
  readOnly,
  testId,
  min = 0,
  max = 100,
  step = 1,
  description,
}: FieldProps<number> & { min?: number; max?: number; step?: number; description?: string }) {
  const t = widgetMessages.fields;
  const set = (next: number) => onChange(clampStep(next, min, max, step));
  return (
    <FormField label={label} description={description} errorText={errorText} data-testid={testId}>
      <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
        <Button iconName="subtract-minus" variant="icon" ariaLabel={t.decrease} disabled={readOnly || value <= min} onClick={() => set(value - step)} />
        <Input
          type="number"
          inputMode="decimal"
          value={String(value)}
          readOnly={readOnly}
          ariaLabel={label}
          onBlur={onBlur}
          onChange={({ detail }) => set(Number(detail.value))}
        />
        <Button iconName="add-plus" variant="icon" ariaLabel={t.increase} disabled={readOnly || value >= max} onClick={() => set(value + step)} />
      </SpaceBetween>
    </FormField>
  );
}
