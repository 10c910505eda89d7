import { z } from 'zod';
import { serialNumberSchema } from '../device/serial-number';
import { devices } from '../messages/devices';
import { errors } from '../messages/errors';
import { exchangeRowSchema } from './exchanges';
import { MAC_PATTERN } from './patterns';
import { LARGEST_PAGE } from './page-sizes';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { devices, errors };

/**
 * The devices' contract (spec sections 3 "Device", 4 "Device note", 5 "Device settings", 7
 * LiberDiAdmin): request schemas with the spec's messages, used by the web's forms and the
 * handlers alike, and the answers.
 */

const m = messages.devices;

/** Comment and device note: at most 1000 characters (spec sections 3 and 9). */
export const DEVICE_NOTE_MAX = 1000;

const pageShape = {
  limit: z.coerce.number().int().min(1).max(LARGEST_PAGE).optional(),
  cursor: z.string().min(1).max(2048).optional(),
};
const id = z.string().min(1).max(128);

/** A page of any device list: `limit` rows at most, from where `cursor` left off. */
export const devicePageQuerySchema = z.object(pageShape).strict();

/** /devices: every device, or one clinic's (the clinic tabs' devices tab), or one provider's (?spId), each by its own index. */
export const deviceListQuerySchema = z
  .object({ ...pageShape, clinicId: id.optional(), spId: id.optional() })
  .strict()
  .refine((query) => query.clinicId === undefined || query.spId === undefined, { path: ['clinicId'], message: messages.errors.malformedRequest });

/** One entry of a device's error list (spec section 3: Time and MachineProblem). */
export const deviceErrorSchema = z.object({ Time: z.string(), MachineProblem: z.string() });
export type DeviceErrorEntry = z.infer<typeof deviceErrorSchema>;

/**
 * A device as the /devices row and the device screens show it (spec section 2, Device list
 * columns): the status (IsEnabled: tick or cross), Serial No., Utilization, its latest errors,
 * clinic and provider names, the note, and the paired monitors of its settings.
 */
export const deviceProfileSchema = z.object({
  DeviceID: z.string(),
  SerialNumber: z.string(),
  IsEnabled: z.boolean(),
  Utilization: z.number().optional(),
  /** The latest errors, newest first (at most DEVICE_ROW_ERRORS; /device/errors pages them all). */
  Errors: z.array(deviceErrorSchema),
  ClinicID: z.string().optional(),
  ClinicName: z.string().optional(),
  ServiceProviderID: z.string().optional(),
  ServiceProviderName: z.string().optional(),
  Note: z.string().nullable(),
  BloodMAC: z.string().nullable(),
  ScaleMAC: z.string().nullable(),
  createdAt: z.string(),
  /** Whether a patient uses the device (activated devices are the enabled ones a patient uses). */
  Linked: z.boolean(),
  ExchangeCount: z.number(),
  LastExchangeTime: z.string().optional(),
});
export type DeviceProfile = z.infer<typeof deviceProfileSchema>;

/** How many of its latest errors a row of /devices carries. */
export const DEVICE_ROW_ERRORS = 5;

export const deviceListSchema = z.object({ items: z.array(deviceProfileSchema), cursor: z.string().optional() });

/** /device/errors: Error and Date, newest first. */
export const deviceErrorsPageSchema = z.object({ items: z.array(deviceErrorSchema), cursor: z.string().optional() });

/** How much of a refused message the device screens show: enough to see what was sent, never a whole exchange's series. */
export const DEAD_LETTER_SHOWN = { payload: 2000, reason: 1000, topic: 256 } as const;

/**
 * A message the device sent that the portal refused (a dead letter), as /device/errors lists it:
 * when it came, on which topic, why it was refused, and the payload, as text when it is printable
 * UTF-8 and else its bytes in base64, cut to DEAD_LETTER_SHOWN. The web shows it as text only.
 */
export const deviceDeadLetterSchema = z.object({
  DeadLetterID: z.string(),
  ReceivedAt: z.string(),
  Topic: z.string().max(DEAD_LETTER_SHOWN.topic),
  Reason: z.string().max(DEAD_LETTER_SHOWN.reason),
  Payload: z.string().max(DEAD_LETTER_SHOWN.payload),
  PayloadEncoding: z.enum(['text', 'base64']),
  /** The payload's size as received, in bytes. */
  PayloadBytes: z.number().int().nonnegative(),
  /** Payload is only the payload's beginning. */
  PayloadCut: z.boolean(),
});
export type DeviceDeadLetter = z.infer<typeof deviceDeadLetterSchema>;

/** /device/errors, 'Refused messages': newest first. */
export const deviceDeadLettersPageSchema = z.object({ items: z.array(deviceDeadLetterSchema), cursor: z.string().optional() });

/** /device/exchanges: the device's exchanges, newest first, as the patient's exchanges table shows them. */
export const deviceExchangesPageSchema = z.object({ items: z.array(exchangeRowSchema), cursor: z.string().optional() });

/** A MAC address input: six hex pairs separated by colons, or empty, or null (spec section 5); empty is stored as null. */
const macSchema = (message: string) =>
  z
    .string({ invalid_type_error: message })
    .max(17, message)
    .refine((value) => value === '' || MAC_PATTERN.test(value), message)
    .nullable()
    .transform((value) => (value === '' ? null : value));

/**
 * POST /devices/{id}/profile: the Note (an empty note is sent, and stored, as null: spec section
 * 4), or the paired monitors BloodMAC and ScaleMAC (either may be empty or null: spec section 5),
 * never both kinds at once.
 */
export const deviceProfileUpdateSchema = z
  .object({
    Note: z
      .string({ invalid_type_error: m.noteTooLong })
      .max(DEVICE_NOTE_MAX, m.noteTooLong)
      .nullable()
      .transform((note) => (note === null || note.trim() === '' ? null : note))
      .optional(),
    BloodMAC: macSchema(m.bloodMacNotValid).optional(),
    ScaleMAC: macSchema(m.scaleMacNotValid).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const note = body.Note !== undefined;
    const macs = body.BloodMAC !== undefined || body.ScaleMAC !== undefined;
    if (note === macs) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['Note'], message: m.noteOrMacs });
  });
export type DeviceProfileUpdate = z.output<typeof deviceProfileUpdateSchema>;

/**
 * POST /devices/register (beyond the spec): a serial number for a provider, optionally at one of
 * its clinics. On AWS this makes the IoT thing and its certificate; locally the broker's secret.
 */
export const deviceRegistrationSchema = z
  .object({
    SerialNumber: serialNumberSchema,
    ServiceProviderID: z.string({ required_error: m.serviceProviderRequired }).min(1, m.serviceProviderRequired).max(128),
    ClinicID: id.optional(),
  })
  .strict();
export type DeviceRegistration = z.infer<typeof deviceRegistrationSchema>;

/**
 * POST /devices/{id}/clinic (beyond the spec): the platform admin moves a device to another clinic
 * of its provider. A device linked to a patient of the clinic it leaves is unlinked; the new
 * clinic's nurse links it to a patient (staff never take another clinic's device).
 */
export const deviceClinicMoveSchema = z.object({ ClinicID: z.string({ required_error: m.clinicRequired }).min(1, m.clinicRequired).max(128) }).strict();
export type DeviceClinicMove = z.infer<typeof deviceClinicMoveSchema>;

/**
 * What a device connects with, handed out once and never kept by the portal: on AWS its X.509
 * certificate and private key (mutual TLS with IoT Core), locally the broker's secret (username =
 * serial number). docs/device-protocol.md, Connection.
 */
export const deviceCredentialsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('certificate'), thingName: z.string(), certificateArn: z.string(), certificatePem: z.string(), privateKey: z.string() }),
  z.object({ kind: z.literal('secret'), username: z.string(), secret: z.string() }),
]);
export type DeviceCredentials = z.infer<typeof deviceCredentialsSchema>;

export const deviceRegistrationResultSchema = z.object({ device: deviceProfileSchema, credentials: deviceCredentialsSchema });
