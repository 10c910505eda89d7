import type { ZodError } from 'zod';

/**
 * The first message per input of a failed validation, keyed by the input's path (`Address.City`).
 * The server's 400 body and the web's forms both use it, so both say the same words for a field.
 */
export function fieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= issue.message;
  }
  return fields;
}
