import { errors } from '@shared/messages/errors';
import { session } from '@shared/messages/session';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { errors, session };

/** What is known about a failed call: the HTTP status (none when no answer came), the body, the request error. */
export interface FailedCall {
  status?: number;
  data?: unknown;
  /** The request's own error message (e.g. a network failure), used when the answer says nothing. */
  errorMessage?: string;
}

/** Whether a 422 answer's message is shown (the spec's sub-status display, enabled). */
const SHOW_422_MESSAGES = true;

function asMessages(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.trim() ? [value] : undefined;
  if (Array.isArray(value)) {
    const list = value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
    return list.length ? list : undefined;
  }
  return undefined;
}

/** The messages an answer carries: its message, or its error's message, or the raw data. */
function rawMessages({ data, errorMessage, status }: FailedCall): string[] {
  if (data && typeof data === 'object') {
    const body = data as { message?: unknown; error?: unknown };
    const fromMessage = asMessages(body.message);
    if (fromMessage) return fromMessage;
    const error = body.error;
    const fromError = asMessages(error) ?? (error && typeof error === 'object' ? asMessages((error as { message?: unknown }).message) : undefined);
    if (fromError) return fromError;
  }
  return asMessages(data) ?? asMessages(errorMessage) ?? [status ? `Request failed with status code ${status}` : messages.session.authenticationError];
}

/** The fields named in braces of a duplicate-key text, e.g. `dup key: { Email: "a@b.c" }` names Email. */
function bracedFields(text: string): string[] {
  const fields: string[] = [];
  for (const [, inside] of text.matchAll(/\{([^{}]*)\}/g)) {
    for (const [, name] of (inside ?? '').matchAll(/["']?([A-Za-z_][\w.]*)["']?\s*:/g)) fields.push(name!);
    if (!/:/.test(inside ?? '') && inside?.trim()) fields.push(inside.trim());
  }
  return fields;
}

/** One message in the spec's words (section 8 "Reduction of errors"). */
function reduceMessage(text: string): string[] {
  if (/duplicate|E11000/.test(text)) {
    const fields = bracedFields(text);
    if (fields.length) return fields.map((field) => messages.errors.alreadyRegistered(field));
  }
  if (text.includes('Wrong') && (text.includes('UserID') || text.includes('Password'))) return [messages.session.wrongCredentials];
  if (text.includes('User') && text.includes('disabled')) return [messages.session.userDisabled];
  if (text.includes('child')) {
    const details = [...text.matchAll(/\[([^\]]+)\]/g)].map(([, detail]) => detail!.trim()).filter(Boolean);
    if (details.length) return details;
  }
  return [text];
}

/**
 * Reduces a failed call to the list of messages the portal shows (spec section 8): the answer's
 * message (or its error's message, or raw data, else the request's error), '404 not found' for a
 * 404, and the duplicate, wrong-credentials, disabled-user and 'child' rewrites.
 */
export function reduceErrorMessages(failed: FailedCall): string[] {
  if (failed.status === 404) return [messages.errors.notFound];
  if (failed.status === 422 && !SHOW_422_MESSAGES) return [''];
  const reduced = rawMessages(failed).flatMap(reduceMessage);
  return [...new Set(reduced)];
}
