import type { ZodError } from 'zod';

/**
 * The first message of each field of a failed validation (spec 5: only the first message is shown
 * under each field), keyed by the field's dotted path ('ClinicAddress.City'; '_' for the whole
 * value). The server's 400 answer carries it as `fields`, and the web's forms show the same.
 */
export function fieldMessages(error: Pick<ZodError, 'issues'>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}
