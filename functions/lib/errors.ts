import createHttpError from 'http-errors';
import * as messages from '@shared/messages';

/**
 * The error body every endpoint answers with: `message` is the list the web's error reduction
 * shows (spec section 8), `fields` the first message per input for forms.
 */
export interface ErrorBody {
  message: string[];
  fields?: Record<string, string>;
}

export const badRequest = (message: string) => createHttpError(400, message);
export const forbidden = (message: string = messages.errors.noPermission) => createHttpError(403, message);
export const notFound = () => createHttpError(404, messages.errors.notFound);
export const conflict = (message: string) => createHttpError(409, message);
