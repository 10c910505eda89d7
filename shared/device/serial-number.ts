import { z } from 'zod';

/** The IDA# of a device: exactly nine characters, each a digit, '.' or '-' (spec sections 5 and 9). */
export const SERIAL_NUMBER_LENGTH = 9;

/** The serial number is verified by typing its last four characters (spec sections 4 and 9). */
export const SERIAL_NUMBER_VERIFICATION_LENGTH = 4;

const SERIAL_NUMBER_PATTERN = /^[0-9.-]{9}$/;

/** The spec's words for a serial number of the wrong length (section 5, Prescription). */
export const serialNumberLengthMessage = 'SN length must be 9 characters';

// Length and characters are checked apart, so a short serial number gets only the length message.
export const serialNumberSchema = z
  .string()
  .length(SERIAL_NUMBER_LENGTH, serialNumberLengthMessage)
  .regex(/^[0-9.-]*$/, "IDA# holds only digits, '.' and '-'");

export type SerialNumber = z.infer<typeof serialNumberSchema>;

export function isSerialNumber(value: unknown): value is SerialNumber {
  return typeof value === 'string' && SERIAL_NUMBER_PATTERN.test(value);
}

/** What the serial number input keeps of typed text: digits, '.' and '-' (spec section 5). */
export function keepSerialNumberCharacters(input: string): string {
  return input.replace(/[^0-9.-]/g, '');
}

/** True when `entered` is the serial number's last four characters, the spec's verification step. */
export function matchesSerialNumberEnding(serialNumber: string, entered: string): boolean {
  return isSerialNumber(serialNumber) && entered.length === SERIAL_NUMBER_VERIFICATION_LENGTH && serialNumber.endsWith(entered);
}
