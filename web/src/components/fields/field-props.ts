/** What every profile field takes; `useZodForm().field(name)` gives all but the label. */
export interface FieldProps<V> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  onBlur?: () => void;
  errorText?: string;
  readOnly?: boolean;
  /** For tests and the page's own wiring. */
  testId?: string;
}

/** Spec 5 "General": text inputs are limited to 100 characters. */
export const TEXT_MAX_LENGTH = 100;
