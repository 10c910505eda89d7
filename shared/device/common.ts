import { z } from 'zod';

/**
 * A device-made message id: the idempotency key of an exchange or error, so a redelivered
 * message (QoS 1 delivers at least once) changes nothing. It becomes part of a table key,
 * so it is limited to characters that need no escaping.
 */
export const deviceMessageIdSchema = z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, "Id must be 1 to 64 letters, digits, '.', '_', ':' or '-'");

/** An ISO 8601 date-time with an offset ('Z' or ±hh:mm), e.g. 2025-03-10T08:04:12+01:00. */
export const deviceDateTimeSchema = z
  .string()
  .max(40)
  .datetime({ offset: true })
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Not a valid date-time');

/** A finite number within [min, max]. */
export function boundedNumber(min: number, max: number) {
  return z.number().finite().min(min).max(max);
}
