import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldMessages } from '@shared/api/field-messages';
import { ApiError, errorMessages } from './api-client';
import { translateText } from './language';

export interface ZodFormOptions<S extends z.ZodTypeAny> {
  /** The shared schema the server validates with too: both show the same messages. */
  schema: S;
  initialValues: z.input<S>;
  /** Sends the parsed values; a throw shows the error dialog (and the server's field messages). */
  onSubmit: (values: z.output<S>) => Promise<void>;
  /** Ask the confirmation dialog first (spec 4: every create or change asks for confirmation). */
  confirm?: boolean;
  /** The data to edit is still loading: Save stays disabled (spec 4 "Clinic edit"). */
  loading?: boolean;
  /** How a failure reads; the spec's reduction (section 8) unless a screen words it its own way (sign-in). */
  errorMessages?: (error: unknown) => string[];
}

type FieldName<S extends z.ZodTypeAny> = keyof z.input<S> & string;

/** The messages under a field: its own, or the first of its parts ('ClinicAddress.City' for 'ClinicAddress'). */
function messageFor(messages: Record<string, string>, name: string): string | undefined {
  return messages[name] ?? Object.entries(messages).find(([key]) => key.startsWith(`${name}.`))?.[1];
}

/**
 * A form on a shared zod schema, with the spec's submit cycle (section 5 "General", 4 "Creation
 * flows"): a field's first message shows once it was left or the form submitted; Save is disabled
 * while errors exist, the data loads or a save runs; submit validates, asks confirmation when
 * asked to, sends once, and on failure shows the error dialog and the server's field messages
 * (until that field changes).
 */
export function useZodForm<S extends z.ZodTypeAny>(options: ZodFormOptions<S>) {
  const [values, setAllValues] = useState<z.input<S>>(options.initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string[]>();
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const parsed = useMemo(() => options.schema.safeParse(values), [options.schema, values]);
  const allErrors = useMemo<Record<string, string>>(() => (parsed.success ? {} : fieldMessages(parsed.error)), [parsed]);
  const isValid = parsed.success;

  // The schemas' and the server's messages are English; a field shows them in the page's language.
  const errorOf = (name: string): string | undefined => {
    const server = messageFor(serverFields, name);
    if (server) return translateText(server);
    const own = submitted || touched[name] ? messageFor(allErrors, name) : undefined;
    return own && translateText(own);
  };

  const setValue = useCallback(<K extends FieldName<S>>(name: K, value: z.input<S>[K]) => {
    setAllValues((current: z.input<S>) => ({ ...current, [name]: value }));
    setServerFields((current) => {
      const rest = Object.fromEntries(Object.entries(current).filter(([key]) => key !== name && !key.startsWith(`${name}.`)));
      return Object.keys(rest).length === Object.keys(current).length ? current : rest;
    });
  }, []);

  const touch = useCallback((name: string) => setTouched((current) => (current[name] ? current : { ...current, [name]: true })), []);

  const send = async () => {
    if (!parsed.success) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await options.onSubmit(parsed.data);
    } catch (error) {
      if (!mounted.current) return;
      if (error instanceof ApiError && error.fields) setServerFields(error.fields);
      setFailure((options.errorMessages ?? errorMessages)(error));
    } finally {
      if (mounted.current) {
        setBusy(false);
        setConfirming(false);
      }
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (busy || !isValid || options.loading) return;
    if (options.confirm) setConfirming(true);
    else void send();
  };

  return {
    values,
    setValue,
    /** Replaces every value (e.g. once the edited record has loaded). */
    reset: (next: z.input<S>) => {
      setAllValues(next);
      setTouched({});
      setSubmitted(false);
      setServerFields({});
    },
    /** The props of a field: its value, its change, its leaving, and the message to show under it. */
    field: <K extends FieldName<S>>(name: K) => ({
      value: values[name],
      onChange: (value: z.input<S>[K]) => setValue(name, value),
      onBlur: () => touch(name),
      errorText: errorOf(name),
    }),
    errorOf,
    isValid,
    busy,
    submitted,
    /** Save is enabled only for valid, loaded data and no save running. */
    canSave: isValid && !busy && !options.loading,
    submit,
    /** Props for `<ConfirmationDialog>`: Accept sends, Cancel goes back to the form. */
    confirmation: { visible: confirming, busy, onAccept: () => void send(), onCancel: () => setConfirming(false) },
    /** Props for `<ErrorDialog>`: the failure's messages (spec section 8). */
    errorDialog: { messages: failure, onClose: () => setFailure(undefined) },
  };
}
