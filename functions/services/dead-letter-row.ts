import { DEAD_LETTER_SHOWN, type DeviceDeadLetter } from '@shared/api/devices';
import type { DeadLetter } from '../data/dead-letters-repository';

/**
 * Characters that make text read otherwise than it is: control characters (but tab and line
 * breaks), DEL and the C1 controls, and the bidirectional overrides and isolates that reorder
 * what a screen shows. A payload holding one is shown as base64.
 */
function isUnprintable(code: number): boolean {
  if (code < 0x20) return code !== 0x09 && code !== 0x0a && code !== 0x0d;
  return (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/** The text's first `max` UTF-16 units, never ending in half a surrogate pair. */
function cut(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}

/** Printable UTF-8 as its text, anything else undefined. */
function printableText(bytes: Buffer): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    for (let index = 0; index < text.length; index++) if (isUnprintable(text.charCodeAt(index))) return undefined;
    return text;
  } catch {
    return undefined;
  }
}

/**
 * A payload as the device screens show it: decoded as text when it is printable UTF-8, else its
 * bytes in base64; cut to DEAD_LETTER_SHOWN.payload characters either way.
 */
export function shownPayload(base64: string): Pick<DeviceDeadLetter, 'Payload' | 'PayloadEncoding' | 'PayloadBytes' | 'PayloadCut'> {
  const bytes = Buffer.from(base64, 'base64');
  const text = printableText(bytes);
  if (text !== undefined) {
    const shown = cut(text, DEAD_LETTER_SHOWN.payload);
    return { Payload: shown.text, PayloadEncoding: 'text', PayloadBytes: bytes.length, PayloadCut: shown.cut };
  }
  // Three bytes are four base64 characters: the shown bytes' base64 fits the same length.
  const shownBytes = bytes.subarray(0, Math.floor((DEAD_LETTER_SHOWN.payload / 4) * 3));
  return { Payload: shownBytes.toString('base64'), PayloadEncoding: 'base64', PayloadBytes: bytes.length, PayloadCut: shownBytes.length < bytes.length };
}

/** A dead letter as /device/errors lists it; the reason and topic cut too (a reason may quote what the device sent). */
export function deadLetterRow(letter: DeadLetter): DeviceDeadLetter {
  return {
    DeadLetterID: letter.DeadLetterID,
    ReceivedAt: letter.ReceivedAt,
    Topic: cut(letter.Topic, DEAD_LETTER_SHOWN.topic).text,
    Reason: cut(letter.Reason, DEAD_LETTER_SHOWN.reason).text,
    ...shownPayload(letter.Payload),
  };
}
