import { z } from 'zod';
import { prescriptions } from '../messages/prescriptions';

/** The IDA# of a device: exactly nine characters, each a digit, '.' or '-' (spec sections 5 and 9). */
export const SERIAL_NUMBER_LENGTH = 9;

/** The serial number is verified by typing its last four characters (spec sections 4 and 9). */
export const SERIAL_NUMBER_VERIFICATION_LENGTH = 4;

/** The characters of an IDA#, whatever its length: digits, '.' and '-'. */
export const SERIAL_NUMBER_CHARACTERS = /^[0-9.-]*$/;

// Length and characters are checked apart, so a short serial number gets only the length message.
export const serialNumberSchema = z
  .string()
  .length(SERIAL_NUMBER_LENGTH, prescriptions.serialNumberLength)
  .regex(SERIAL_NUMBER_CHARACTERS, "IDA# holds only digits, '.' and '-'");

export type SerialNumber = z.infer<typeof serialNumberSchema>;

export function isSerialNumber(value: unknown): value is SerialNumber {
  return typeof value === 'string' && value.length === SERIAL_NUMBER_LENGTH && SERIAL_NUMBER_CHARACTERS.test(value);
}

/** What the serial number input keeps of typed text: digits, '.' and '-' (spec section 5). */
export function keepSerialNumberCharacters(input: string): string {
  return input.replace(/[^0-9.-]/g, '');
}

/** True when `entered` is the serial number's last four characters, the spec's verification step. */
export function matchesSerialNumberEnding(serialNumber: string, entered: string): boolean {
  return isSerialNumber(serialNumber) && entered.length === SERIAL_NUMBER_VERIFICATION_LENGTH && serialNumber.endsWith(entered);
}
