import { z } from 'zod';
import { deviceDateTimeSchema, deviceMessageIdSchema } from './common';
import { exchangeLimits } from './exchange-message';

/**
 * A device fault outside an exchange, on `pd/devices/{serial}/up/error`. Devices also report
 * 'no error' and empty texts; the device's error list drops those (shared/alerts, device errors).
 */
export const deviceErrorSchema = z
  .object({
    _id: deviceMessageIdSchema,
    Time: deviceDateTimeSchema,
    MachineProblem: z.string().max(exchangeLimits.machineProblemChars),
  })
  .strict();

export type DeviceError = z.infer<typeof deviceErrorSchema>;
