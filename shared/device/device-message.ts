import type { z } from 'zod';
import { deviceErrorSchema } from './error-message';
import { deviceExchangeSchema } from './exchange-message';
import { devicePrescriptionSchema, prescriptionAckSchema } from './prescription-message';
import { deviceSettingsMessageSchema } from './settings-message';
import { parseUpTopic, type DeviceDownKind, type DeviceUpKind } from './topics';
import type { SerialNumber } from './serial-number';

/** The payload schema of each topic kind. */
export const deviceUpSchemas = {
  exchange: deviceExchangeSchema,
  error: deviceErrorSchema,
  'prescription-ack': prescriptionAckSchema,
} as const satisfies Record<DeviceUpKind, z.ZodTypeAny>;

export const deviceDownSchemas = {
  prescription: devicePrescriptionSchema,
  settings: deviceSettingsMessageSchema,
} as const satisfies Record<DeviceDownKind, z.ZodTypeAny>;

export type DeviceUpMessage = {
  [K in DeviceUpKind]: { serialNumber: SerialNumber; kind: K; payload: z.infer<(typeof deviceUpSchemas)[K]> };
}[DeviceUpKind];

export type DeviceUpParseResult =
  | { success: true; message: DeviceUpMessage }
  | { success: false; reason: 'unknown-topic' }
  | { success: false; reason: 'invalid-payload'; serialNumber: SerialNumber; kind: DeviceUpKind; error: z.ZodError };

/** Checks a message a device published: its topic, then its payload against that topic's schema. */
export function parseDeviceUpMessage(topic: string, payload: unknown): DeviceUpParseResult {
  const parsedTopic = parseUpTopic(topic);
  if (!parsedTopic) return { success: false, reason: 'unknown-topic' };
  const { serialNumber, kind } = parsedTopic;
  const result = deviceUpSchemas[kind].safeParse(payload);
  if (!result.success) return { success: false, reason: 'invalid-payload', serialNumber, kind, error: result.error };
  return { success: true, message: { serialNumber, kind, payload: result.data } as DeviceUpMessage };
}
